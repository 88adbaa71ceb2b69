import CCVLayout
import CVLayoutCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-thread state of the C surface: the last error message (what `cvl_last_error_message`
/// returns) and the message a failing callback left with `cvl_callback_error`.
final class ThreadState {
    /// Owned C string (strdup'ed); "" when the last call succeeded.
    var lastError: UnsafeMutablePointer<CChar>? = nil
    var callbackMessage: String? = nil
    /// How many library callbacks are running on this thread (cvl_callback_error only applies
    /// inside one).
    var callbackDepth = 0

    deinit {
        if lastError != nil { threadsWithLastError.subtract(1, ordering: .relaxed) }
        free(lastError)
    }

    func setLastError(_ message: String) {
        if lastError == nil { threadsWithLastError.add(1, ordering: .relaxed) }
        free(lastError)
        lastError = strdup(message)
    }

    func clearLastError() {
        guard lastError != nil else { return }
        free(lastError)
        lastError = nil
        threadsWithLastError.subtract(1, ordering: .relaxed)
    }
}

/// How many threads' states hold a last error (`ThreadState.lastError` not nil): while none
/// does, a call that succeeds has no message to clear and does not look its thread's state up
/// (`pthread_getspecific` and the key's one-time initialization, ~30 instructions a call). A
/// thread that set its message reads its own increment (one location's writes are seen in
/// order), so it never finds 0 while its message is set.
private let threadsWithLastError = Atomic<Int>(0)

/// The library's process-wide values, made on first use together: one lazy global, so that a
/// path that needs several checks one `swift_once` (measured: ~15 instructions each). An export's
/// common path needs none of them: the lock's count and owner, the count of threads with a
/// message and the last view looked up (Handles.swift) are globals with constant initial values.
struct LibraryGlobals {
    /// The slot of each thread's `ThreadState` (released when the thread exits).
    let threadKey: pthread_key_t
    #if canImport(Glibc)
    /// The semaphore the threads waiting for the library lock sleep on (see `guarded`).
    let waiters: UnsafeMutablePointer<sem_t>
    #else
    /// The library-wide lock (see `guarded`).
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    /// The handle registry (Handles.swift).
    let registry: Registry

    static func make() -> LibraryGlobals {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<ThreadState>.fromOpaque(raw).release()
        }
        #if canImport(Glibc)
        let w = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(w, 0, 0)
        return LibraryGlobals(threadKey: key, waiters: w, registry: Registry())
        #else
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return LibraryGlobals(threadKey: key, mutex: m, registry: Registry())
        #endif
    }
}

nonisolated(unsafe) let libraryGlobals = LibraryGlobals.make()

private var threadKey: pthread_key_t {
    @inline(__always) get { libraryGlobals.threadKey }
}

/// This thread's state, created on first use and freed when the thread exits. Not inlined: its
/// callers look it up once a call or a loop (inlined into `CDataSource.loadItemCounts`, that
/// loop's registers spilled: ~4 instructions a section's count more).
var threadState: ThreadState {
    @inline(never) get {
        if let raw = pthread_getspecific(threadKey) {
            return Unmanaged<ThreadState>.fromOpaque(raw).takeUnretainedValue()
        }
        let s = ThreadState()
        pthread_setspecific(threadKey, Unmanaged.passRetained(s).toOpaque())
        return s
    }
}

/// Records `message` as this thread's last error and returns `code`.
func fail(_ code: LayoutError.Code, _ message: String) -> Int32 {
    threadState.setLastError(message)
    return code.rawValue
}

func fail(_ error: Error) -> Int32 {
    if let e = error as? LayoutError { return fail(e.code, e.message) }
    return fail(.internal, "unexpected error: \(error)")
}

/// The library-wide lock. Every export holds it for its whole run (callbacks included), so
/// calls from different threads are serialized: two threads using one view at once wait for
/// each other instead of racing on its state (which could corrupt memory or trap). A callback
/// calling back in on the same thread does not take it again (`libraryLockOwner`); the
/// re-entrancy rules of `withView` apply then. Uncontended, it costs one lock and unlock
/// (~20 ns) per call.
///
/// On Linux the lock is a benaphore (a count of the threads holding or waiting for it, and a
/// semaphore the waiters sleep on: J. Preshing, "Roll Your Own Lightweight Mutex", 2012): taken
/// and released uncontended by one atomic add each, inlined, where `pthread_mutex_lock` and
/// `unlock` cost ~55 instructions a call; contended, the waiters sleep in `sem_wait` and each
/// release wakes one.
#if canImport(Glibc)
/// The threads holding the library lock (at most 1) or waiting for it.
private let libraryLockUsers = Atomic<Int>(0)

@inline(__always)
private func lockLibrary() {
    if libraryLockUsers.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue > 0 { waitForLibrary() }
}

/// Sleeps until the thread that holds the lock hands it over (`unlockLibrary`'s post).
@inline(never)
private func waitForLibrary() {
    while sem_wait(libraryGlobals.waiters) != 0 && errno == EINTR {}  // (a signal: wait again)
}

@inline(__always)
private func unlockLibrary() {
    if libraryLockUsers.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue > 1 { wakeLibraryWaiter() }
}

/// Hands the lock to one waiting thread.
@inline(never)
private func wakeLibraryWaiter() { sem_post(libraryGlobals.waiters) }
#else
@inline(__always)
private func lockLibrary() { pthread_mutex_lock(libraryGlobals.mutex) }

@inline(__always)
private func unlockLibrary() { pthread_mutex_unlock(libraryGlobals.mutex) }
#endif

/// The thread holding the library lock (`currentThreadID`), 0 when none does. Written only by
/// that thread, after it took the lock and before it lets it go: a thread reads its own id
/// here exactly when it holds the lock (a callback calling back in), whatever other threads
/// write (a thread's own last write to one location is never read as older).
private let libraryLockOwner = Atomic<UInt>(0)

/// This thread's id, compared with `libraryLockOwner` (never 0 for a running thread).
@inline(__always)
private func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}

/// Checks, in debug builds only, that this thread holds the library lock (it is inside an
/// export): what the handle registry relies on instead of a lock of its own (Handles.swift).
@inline(__always)
func assertLibraryLocked() {
    assert(
        libraryLockOwner.load(ordering: .relaxed) == currentThreadID(),
        "the handle registry was used outside the library lock")
}

/// Runs `body`, turning a thrown `LayoutError` into its status code and message.
/// Every export goes through this (or `withView` / `withLayout`), so a failure always sets the
/// message and a success always clears it, and every export holds the library lock: taken
/// unless this thread holds it already (a callback calling back in), let go at the end of the
/// outermost call. No thread state is looked up unless a message is to be set or cleared.
@inline(__always)
func guarded(_ body: () throws -> Void) -> Int32 {
    let me = currentThreadID()
    let nested = libraryLockOwner.load(ordering: .relaxed) == me
    if !nested {
        lockLibrary()
        libraryLockOwner.store(me, ordering: .relaxed)
    }
    defer {
        if !nested {
            libraryLockOwner.store(0, ordering: .relaxed)
            unlockLibrary()
        }
    }
    do {
        try body()
        if threadsWithLastError.load(ordering: .relaxed) != 0 { threadState.clearLastError() }
        return CVL_OK
    } catch {
        return fail(error)
    }
}

/// Calls a C callback and converts its status into a Swift error naming `what`.
@inline(__always)
func callC(_ what: @autoclosure () -> String, _ call: () -> Int32) throws {
    try callC(on: threadState, what(), call)
}

/// `callC` with this thread's state `ts` already at hand (loops of callbacks look it up once).
@inline(__always)
func callC(on ts: ThreadState, _ what: @autoclosure () -> String, _ call: () -> Int32) throws {
    ts.callbackDepth += 1
    let status = call()
    ts.callbackDepth -= 1
    try settleCallback(on: ts, what(), status)
}

/// What `callC` does after the call: a non-zero `status` becomes the error naming `what` (with
/// the message the callback left, if any); a message left by a callback that succeeded is dropped.
@inline(__always)
func settleCallback(on ts: ThreadState, _ what: @autoclosure () -> String, _ status: Int32) throws {
    if status != 0 {
        let detail = ts.callbackMessage.map { ": \($0)" } ?? ""
        ts.callbackMessage = nil
        throw LayoutError.callback("\(what()) callback failed with status \(status)\(detail)")
    }
    if ts.callbackMessage != nil { ts.callbackMessage = nil }
}
