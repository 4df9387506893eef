//! Options at the C edge: declare, set, read, and scoped overrides (push/pop) — values live
//! in a context, overrides in per-thread scopes on that context (see `core/src/options.rs`).
//! Values cross the boundary in their textual form, parsed by the declared type, so every
//! language uses one spelling (the one pass pipelines use: `true`, `3`, `0.5`, `a,b,c`).

use std::ffi::c_char;

use super::context::{context_arg, omnir_context};
use super::{ffi_call, omnir_status, omnir_string_view, slice_arg, str_arg, write_out, write_string_out, ApiError};
use crate::options::{OptionDecl, OptionType, OptionValue};

/// The kind of an option's values.
#[allow(non_camel_case_types)]
pub type omnir_option_kind = u32;
/// `true`/`false` (also `1`/`0`, `on`/`off`).
pub const OMNIR_OPTION_BOOL: omnir_option_kind = 0;
/// A 64-bit signed integer.
pub const OMNIR_OPTION_INT: omnir_option_kind = 1;
/// A double.
pub const OMNIR_OPTION_FLOAT: omnir_option_kind = 2;
/// Any text.
pub const OMNIR_OPTION_STRING: omnir_option_kind = 3;
/// One of the declared case names.
pub const OMNIR_OPTION_ENUM: omnir_option_kind = 4;
/// A comma-separated list of values of `element_kind`.
pub const OMNIR_OPTION_LIST: omnir_option_kind = 5;

/// The type of an option. `cases` are the enum case names (for `OMNIR_OPTION_ENUM`, or a
/// list of enums); `element_kind` is the element kind of a list.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_option_type {
    pub kind: omnir_option_kind,
    pub element_kind: omnir_option_kind,
    pub cases: *const omnir_string_view,
    pub num_cases: usize,
}

/// A declaration: name, type, default value (text, parsed by the type) and help.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_option_decl {
    pub name: omnir_string_view,
    pub ty: omnir_option_type,
    pub default_value: omnir_string_view,
    pub help: omnir_string_view,
}

/// One override in a scope: an option name and a value in textual form.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug)]
pub struct omnir_option_setting {
    pub name: omnir_string_view,
    pub value: omnir_string_view,
}

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(omnir_status::OMNIR_ERROR_INVALID_ARGUMENT, message)
}

fn view<'a>(v: &omnir_string_view, what: &str) -> super::ApiResult<&'a str> {
    str_arg(v.data, v.len, what)
}

fn scalar_type(kind: omnir_option_kind, cases: &[String]) -> super::ApiResult<OptionType> {
    Ok(match kind {
        OMNIR_OPTION_BOOL => OptionType::Bool,
        OMNIR_OPTION_INT => OptionType::Int,
        OMNIR_OPTION_FLOAT => OptionType::Float,
        OMNIR_OPTION_STRING => OptionType::String,
        OMNIR_OPTION_ENUM if cases.is_empty() => return Err(invalid("an enum option needs at least one case")),
        OMNIR_OPTION_ENUM => OptionType::Enum(cases.to_vec()),
        other => return Err(invalid(format!("unknown option kind {other}"))),
    })
}

pub(crate) fn option_type_in(t: &omnir_option_type) -> super::ApiResult<OptionType> {
    let cases: Vec<String> = slice_arg(t.cases, t.num_cases, "cases")?
        .iter()
        .map(|c| view(c, "case name").map(str::to_string))
        .collect::<Result<_, _>>()?;
    if t.kind == OMNIR_OPTION_LIST {
        if t.element_kind == OMNIR_OPTION_LIST {
            return Err(invalid("lists of lists are not supported"));
        }
        return Ok(OptionType::List(Box::new(scalar_type(t.element_kind, &cases)?)));
    }
    scalar_type(t.kind, &cases)
}

/// Turns a C declaration into a core one, parsing the default with the declared type.
pub(crate) fn option_decl_in(d: &omnir_option_decl) -> super::ApiResult<OptionDecl> {
    let name = view(&d.name, "option name")?;
    let ty = option_type_in(&d.ty)?;
    let default_text = view(&d.default_value, "default value")?;
    let default = ty.parse(default_text).map_err(|m| invalid(format!("default value of option '{name}': {m}")))?;
    Ok(OptionDecl { name: name.to_string(), ty, default, help: view(&d.help, "help")?.to_string() })
}

/// Declares an option in `ctx`. Declaring the same name again with the same type and the
/// same default does nothing; with another type or another default it is
/// `OMNIR_ERROR_ALREADY_EXISTS`, with a message naming both types or both defaults.
#[no_mangle]
pub extern "C" fn omnir_option_declare(ctx: *mut omnir_context, decl: *const omnir_option_decl) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        if decl.is_null() {
            return Err(ApiError::null("declaration"));
        }
        // SAFETY: a non-NULL declaration points at a valid struct for the call (API contract).
        let d = option_decl_in(unsafe { &*decl })?;
        cx.read(|c| Ok(c.declare_option(d)?))
    })
}

/// Sets the context's value of option `name` from its textual form (seen by every thread
/// without an override). An unknown option or a value the type does not accept is an
/// error naming the option and what it accepts.
#[no_mangle]
pub extern "C" fn omnir_option_set(
    ctx: *mut omnir_context,
    name: *const c_char,
    name_len: usize,
    value: *const c_char,
    value_len: usize,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let name = str_arg(name, name_len, "name")?;
        let value = str_arg(value, value_len, "value")?;
        cx.read(|c| Ok(c.set_option_text(name, value)?))
    })
}

/// Forgets the context's value of option `name`, so its default applies again.
#[no_mangle]
pub extern "C" fn omnir_option_reset(ctx: *mut omnir_context, name: *const c_char, name_len: usize) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        let name = str_arg(name, name_len, "name")?;
        cx.read(|c| Ok(c.reset_option(name)?))
    })
}

fn value_of(ctx: *const omnir_context, name: *const c_char, name_len: usize) -> super::ApiResult<OptionValue> {
    let cx = context_arg(ctx)?;
    let name = str_arg(name, name_len, "name")?;
    cx.read(|c| Ok(c.option(name)?))
}

/// The value the calling thread sees for option `name` (its innermost override scope, else
/// the context's value, else the default), in textual form. Free it with
/// `omnir_string_free`.
#[no_mangle]
pub extern "C" fn omnir_option_get(
    ctx: *const omnir_context,
    name: *const c_char,
    name_len: usize,
    out: *mut super::omnir_string,
) -> omnir_status {
    ffi_call(|| {
        super::check_out(out)?;
        let v = value_of(ctx, name, name_len)?;
        write_string_out(out, v.to_string().as_bytes())
    })
}

/// The value of a bool option as the calling thread sees it.
#[no_mangle]
pub extern "C" fn omnir_option_get_bool(
    ctx: *const omnir_context,
    name: *const c_char,
    name_len: usize,
    out: *mut bool,
) -> omnir_status {
    ffi_call(|| match value_of(ctx, name, name_len)? {
        OptionValue::Bool(b) => write_out(out, b),
        other => Err(invalid(format!("option value '{other}' is not a bool"))),
    })
}

/// The value of an int option as the calling thread sees it.
#[no_mangle]
pub extern "C" fn omnir_option_get_int(
    ctx: *const omnir_context,
    name: *const c_char,
    name_len: usize,
    out: *mut i64,
) -> omnir_status {
    ffi_call(|| match value_of(ctx, name, name_len)? {
        OptionValue::Int(i) => write_out(out, i),
        other => Err(invalid(format!("option value '{other}' is not an int"))),
    })
}

/// The value of a float option as the calling thread sees it.
#[no_mangle]
pub extern "C" fn omnir_option_get_float(
    ctx: *const omnir_context,
    name: *const c_char,
    name_len: usize,
    out: *mut f64,
) -> omnir_status {
    ffi_call(|| match value_of(ctx, name, name_len)? {
        OptionValue::Float(x) => write_out(out, x),
        other => Err(invalid(format!("option value '{other}' is not a float"))),
    })
}

/// The declared type of option `name`: its kind, and for a list the kind of its elements
/// (`*out_element_kind` is `OMNIR_OPTION_BOOL` otherwise). Lets a binding hand values out
/// as its language's types.
#[no_mangle]
pub extern "C" fn omnir_option_get_kind(
    ctx: *const omnir_context,
    name: *const c_char,
    name_len: usize,
    out_kind: *mut omnir_option_kind,
    out_element_kind: *mut omnir_option_kind,
) -> omnir_status {
    ffi_call(|| {
        super::check_out(out_kind)?;
        super::check_out(out_element_kind)?;
        let cx = context_arg(ctx)?;
        let name = str_arg(name, name_len, "name")?;
        let ty = cx.read(|c| Ok(c.option_type(name)?))?;
        let kind_of = |t: &OptionType| match t {
            OptionType::Bool => OMNIR_OPTION_BOOL,
            OptionType::Int => OMNIR_OPTION_INT,
            OptionType::Float => OMNIR_OPTION_FLOAT,
            OptionType::String => OMNIR_OPTION_STRING,
            OptionType::Enum(_) => OMNIR_OPTION_ENUM,
            OptionType::List(_) => OMNIR_OPTION_LIST,
        };
        let element = match &ty {
            OptionType::List(e) => kind_of(e),
            _ => OMNIR_OPTION_BOOL,
        };
        write_out(out_kind, kind_of(&ty))?;
        write_out(out_element_kind, element)
    })
}

/// Pushes an override scope for the calling thread: until `omnir_option_pop_scope(ctx,
/// *out_scope)`, this thread sees `settings` on `ctx` (other threads and contexts do not).
/// Scopes nest; pop them innermost first. Every value is checked first: on error nothing
/// is pushed.
#[no_mangle]
pub extern "C" fn omnir_option_push_scope(
    ctx: *mut omnir_context,
    settings: *const omnir_option_setting,
    num_settings: usize,
    out_scope: *mut u64,
) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        super::check_out(out_scope)?;
        let settings = slice_arg(settings, num_settings, "settings")?;
        let pairs: Vec<(&str, &str)> = settings
            .iter()
            .map(|s| Ok((view(&s.name, "option name")?, view(&s.value, "option value")?)))
            .collect::<super::ApiResult<_>>()?;
        let id = cx.read(|c| {
            let values: Vec<(&str, OptionValue)> =
                pairs.iter().map(|(n, v)| Ok((*n, c.parse_option_value(n, v)?))).collect::<super::ApiResult<_>>()?;
            Ok(c.push_option_scope(&values)?.into_id())
        })?;
        write_out(out_scope, id)
    })
}

/// Ends the calling thread's innermost override scope, which must be `scope`.
#[no_mangle]
pub extern "C" fn omnir_option_pop_scope(ctx: *mut omnir_context, scope: u64) -> omnir_status {
    ffi_call(|| {
        let cx = context_arg(ctx)?;
        cx.read(|c| Ok(c.pop_option_scope(scope)?))
    })
}
