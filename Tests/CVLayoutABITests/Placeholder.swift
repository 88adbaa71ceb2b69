// placeholder, filled by the ABI signature check
