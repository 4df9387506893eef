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

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyInt, PyString};

/// The Python type name of `x` (for error messages).
pub fn type_name(x: &Bound<'_, PyAny>) -> String {
    x.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into())
}

/// `x` as an integer argument named `what`, checked before anything changes: a bool, a
/// float, None or a string is a `TypeError` (PyO3 would take `True` as 1), an integer that
/// does not fit `T` a `ValueError` naming the argument and the value (PyO3 raises a bare
/// `OverflowError` without the name). Objects with `__index__` (numpy integers) are accepted.
pub fn int_arg<T: TryFrom<i128>>(x: &Bound<'_, PyAny>, what: &str) -> PyResult<T> {
    if x.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!("{what}: expected an integer, got bool")));
    }
    let v: i128 = if let Ok(i) = x.cast::<PyInt>() {
        match i.extract::<i128>() {
            Ok(v) => v,
            Err(_) => return Err(PyValueError::new_err(format!("{what}: {i} is out of range"))),
        }
    } else if x.hasattr("__index__").unwrap_or(false) && !x.is_instance_of::<pyo3::types::PyFloat>() {
        let i = x.call_method0("__index__")?;
        return int_arg(&i, what);
    } else {
        return Err(PyTypeError::new_err(format!("{what}: expected an integer, got {}", type_name(x))));
    };
    T::try_from(v).map_err(|_| PyValueError::new_err(format!("{what}: {v} is out of range")))
}

/// An optional integer argument (None is "not given").
pub fn opt_int_arg<T: TryFrom<i128>>(x: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<T>> {
    match x {
        Some(x) if !x.is_none() => int_arg(x, what).map(Some),
        _ => Ok(None),
    }
}

/// `x` as a list of integers (a shape, strides): any iterable but a string or bytes (bytes
/// would silently be a list of small integers: `b"ab"` the shape 97x98), each element an
/// integer (not a bool) that fits `T`; errors name the argument and the element.
pub fn int_list_arg<T: TryFrom<i128>>(x: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<T>> {
    let items = iterable_arg(x, what, "a sequence of integers")?;
    items.iter().enumerate().map(|(i, v)| int_arg(v, &format!("{what}[{i}]"))).collect()
}

/// The items of an iterable argument (a list, a tuple, a generator...), refusing a string,
/// bytes or a lone object with a `TypeError` naming the argument.
pub fn iterable_arg<'py>(x: &Bound<'py, PyAny>, what: &str, expected: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if x.is_instance_of::<PyString>() || x.is_instance_of::<PyBytes>() || x.is_instance_of::<PyByteArray>() {
        return Err(PyTypeError::new_err(format!("{what}: expected {expected}, got {}", type_name(x))));
    }
    let it =
        x.try_iter().map_err(|_| PyTypeError::new_err(format!("{what}: expected {expected}, got {}", type_name(x))))?;
    it.collect()
}

/// `x` as an integer for an index argument: a non-integer is a `TypeError`, an integer too
/// large for any index an `IndexError` naming `what`.
fn index_int(x: &Bound<'_, PyAny>, what: &str) -> PyResult<i128> {
    match int_arg::<i128>(x, what) {
        Err(e) if e.is_instance_of::<PyValueError>(x.py()) => {
            Err(PyIndexError::new_err(format!("{what} out of range")))
        }
        r => r,
    }
}

/// A Python index (negative from the end) into `len` items; anything else than an integer
/// (a bool, a float, None) is a `TypeError`, an index outside the items (however large) an
/// `IndexError` naming `what`.
pub fn index_arg(x: &Bound<'_, PyAny>, len: usize, what: &str) -> PyResult<usize> {
    let i = index_int(x, what)?;
    let j = if i < 0 { i + len as i128 } else { i };
    if j < 0 || j >= len as i128 {
        return Err(PyIndexError::new_err(format!("{what} {i} out of range (length {len})")));
    }
    Ok(j as usize)
}

/// Like [`index_arg`], for positions that count from 0 only (`get_dim_size(dim)`,
/// `get_type(pos)`): a negative one is an `IndexError` too.
pub fn position_arg(x: &Bound<'_, PyAny>, len: usize, what: &str) -> PyResult<usize> {
    let i = index_int(x, what)?;
    if i < 0 || i >= len as i128 {
        return Err(PyIndexError::new_err(format!("{what} {i} out of range (0..{len})")));
    }
    Ok(i as usize)
}

/// `x` as a list of bools (`VectorType.get(scalable=...)`): any iterable but a string or
/// bytes, each element a bool (0 and 1 are not taken for flags).
pub fn bool_list_arg(x: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<bool>> {
    let items = iterable_arg(x, what, "a sequence of bools")?;
    items
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.cast::<PyBool>()
                .map(|b| b.is_true())
                .map_err(|_| PyTypeError::new_err(format!("{what}[{i}]: expected a bool, got {}", type_name(v))))
        })
        .collect()
}

/// `x` cast to the omnir class `T` (a `TypeError` naming the argument otherwise); used
/// where PyO3 would name a raw identifier (`r#type`) in its message.
pub fn cast_arg<'a, 'py, T: pyo3::type_object::PyTypeCheck>(
    x: &'a Bound<'py, PyAny>,
    what: &str,
) -> PyResult<&'a Bound<'py, T>> {
    x.cast::<T>().map_err(|e| {
        let e = PyErr::from(e);
        PyTypeError::new_err(format!("argument '{what}': {}", e.value(x.py())))
    })
}

/// `e` with its message prefixed by `what` ("values[3]: ..."): a `TypeError` stays one, an
/// `OverflowError` (an element too large for its width) becomes a `ValueError`.
pub fn rename_error(py: Python<'_>, e: PyErr, what: &str) -> PyErr {
    let msg = format!("{what}: {}", e.value(py));
    if e.is_instance_of::<PyTypeError>(py) {
        PyTypeError::new_err(msg)
    } else if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(py) {
        PyValueError::new_err(msg)
    } else {
        e
    }
}

/// `x` as a list of `T`: any iterable but a string or bytes (`b"ab"` would silently be
/// `[97, 98]`); an element error names the argument and the element.
pub fn list_arg<T: for<'a, 'py> FromPyObject<'a, 'py>>(x: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<T>> {
    let items = iterable_arg(x, what, "a sequence")?;
    items
        .iter()
        .enumerate()
        .map(|(i, v)| v.extract::<T>().map_err(|e| rename_error(x.py(), e.into(), &format!("{what}[{i}]"))))
        .collect()
}
