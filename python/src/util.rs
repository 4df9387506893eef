//! Small helpers shared by the glue modules.

/// A stable hash of two 32-bit handle parts (context serial and id).
#[inline]
pub fn hash2(a: u32, b: u32) -> u64 {
    hash_u64(((a as u64) << 32) | b as u64)
}

/// A stable hash of three 32-bit handle parts.
#[inline]
pub fn hash3(a: u32, b: u32, c: u32) -> u64 {
    hash_u64(hash2(a, b) ^ (c as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// splitmix64's finalizer; Python truncates hashes to `Py_hash_t`, and -1 is reserved.
#[inline]
pub fn hash_u64(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    x >> 2
}
