//! Locations: uniqued location attributes.

use std::borrow::Borrow;
use std::fmt;

use omnir_sys as sys;

use crate::error::{check, out, Result};
use crate::handle::handle;
use crate::strings::{arg, string_out};
use crate::{Attribute, Context};

handle!(
    /// A location (`loc(unknown)`, `loc("file":1:2)`, `loc("name"(...))`...). `Display`
    /// prints it as MLIR does.
    Location,
    sys::omnir_location
);

/// The kind of a location.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocationKind {
    Unknown,
    FileLineCol,
    Name,
    CallSite,
    Fused,
}

impl Context {
    fn make_loc(&self, f: impl FnOnce(*mut sys::omnir_location) -> sys::omnir_status) -> Result<Location> {
        Ok(Location { ctx: self.clone(), raw: out(f)? })
    }

    /// `loc(unknown)`.
    pub fn unknown_loc(&self) -> Location {
        // SAFETY: live context, valid out-pointer (same below). Cannot fail with a live
        // context; the zeroed handle (refused by every call) stands in if it ever did.
        self.make_loc(|o| unsafe { sys::omnir_unknown_loc_get(self.as_raw(), o) })
            .unwrap_or_else(|_| Location { ctx: self.clone(), raw: Default::default() })
    }

    /// `loc("file":line:col)`.
    pub fn file_line_col_loc(&self, file: &str, line: u32, col: u32) -> Result<Location> {
        let (f, fl) = arg(file);
        self.make_loc(|o| unsafe { sys::omnir_file_line_col_loc_get(self.as_raw(), f, fl, line, col, o) })
    }

    /// `loc("name")`, or `loc("name"(child))` with a child location.
    pub fn name_loc(&self, name: &str, child: Option<&Location>) -> Result<Location> {
        let (n, nl) = arg(name);
        let c = child.map(|l| l.raw).unwrap_or_default();
        self.make_loc(|o| unsafe { sys::omnir_name_loc_get(self.as_raw(), n, nl, c, o) })
    }

    /// `loc(callsite(callee at caller))`.
    pub fn call_site_loc(&self, callee: &Location, caller: &Location) -> Result<Location> {
        self.make_loc(|o| unsafe { sys::omnir_call_site_loc_get(self.as_raw(), callee.raw, caller.raw, o) })
    }

    /// `loc(fused[...])` or `loc(fused<metadata>[...])`, simplified as MLIR does.
    pub fn fused_loc<L: Borrow<Location>>(&self, locations: &[L], metadata: Option<&Attribute>) -> Result<Location> {
        let l: Vec<_> = locations.iter().map(|l| l.borrow().raw).collect();
        let m = metadata.map(|a| a.raw).unwrap_or_default();
        self.make_loc(|o| unsafe { sys::omnir_fused_loc_get(self.as_raw(), l.as_ptr(), l.len(), m, o) })
    }
}

impl Location {
    /// The kind of the location.
    pub fn kind(&self) -> Result<LocationKind> {
        use sys::omnir_location_kind::*;
        let mut k = OMNIR_LOCATION_KIND_UNKNOWN;
        // SAFETY: live context, valid out-pointer (same below).
        check(unsafe { sys::omnir_location_get_kind(self.cx(), self.raw, &mut k) })?;
        Ok(match k {
            OMNIR_LOCATION_KIND_UNKNOWN => LocationKind::Unknown,
            OMNIR_LOCATION_KIND_FILE_LINE_COL => LocationKind::FileLineCol,
            OMNIR_LOCATION_KIND_NAME => LocationKind::Name,
            OMNIR_LOCATION_KIND_CALL_SITE => LocationKind::CallSite,
            OMNIR_LOCATION_KIND_FUSED => LocationKind::Fused,
        })
    }

    /// File, line and column of a file location.
    pub fn file_line_col(&self) -> Result<(String, u32, u32)> {
        let file = string_out(|o| unsafe { sys::omnir_file_line_col_loc_get_file(self.cx(), self.raw, o) })?;
        let (mut l, mut c, mut el, mut ec) = (0, 0, 0, 0);
        check(unsafe {
            sys::omnir_file_line_col_loc_get_range(self.cx(), self.raw, &mut l, &mut c, &mut el, &mut ec)
        })?;
        Ok((file, l, c))
    }

    /// The name of a name location.
    pub fn name(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_name_loc_get_name(self.cx(), self.raw, o) })
    }

    /// The location as an attribute.
    pub fn to_attribute(&self) -> Result<Attribute> {
        let raw = out(|p| unsafe { sys::omnir_location_to_attribute(self.cx(), self.raw, p) })?;
        Ok(Attribute { ctx: self.ctx.clone(), raw })
    }

    /// The location as MLIR prints it (`loc("f.mlir":1:2)`).
    pub fn print(&self) -> Result<String> {
        string_out(|o| unsafe { sys::omnir_location_print(self.cx(), self.raw, o) })
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.print() {
            Ok(s) => f.write_str(&s),
            Err(e) => write!(f, "<location: {e}>"),
        }
    }
}

impl fmt::Debug for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Location({self})")
    }
}
