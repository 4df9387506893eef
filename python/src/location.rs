//! `Location`: unknown, file, name, call-site and fused locations; a context manager that
//! makes itself (and its context) current.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use omnir::LocationKind;

use crate::attributes::wrap_attr;
use crate::context::{self, context_object, resolve, Context};
use crate::errors::OrPy;

/// A source location. Uniqued: equal locations compare (and hash) equal.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct Location {
    pub loc: omnir::Location,
}

pub fn wrap_loc(py: Python<'_>, loc: omnir::Location) -> PyResult<Py<Location>> {
    Py::new(py, Location { loc })
}

#[pymethods]
impl Location {
    /// `loc(unknown)`.
    #[staticmethod]
    #[pyo3(signature = (context = None))]
    fn unknown(py: Python<'_>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<Location>> {
        let ctx = resolve(context)?;
        wrap_loc(py, ctx.unknown_loc())
    }

    /// `loc("filename":line:col)`, or a range with `end_line`/`end_col`.
    #[staticmethod]
    #[pyo3(signature = (filename, line, col, end_line = None, end_col = None, context = None))]
    fn file(
        py: Python<'_>,
        filename: &str,
        line: &Bound<'_, PyAny>,
        col: &Bound<'_, PyAny>,
        end_line: Option<&Bound<'_, PyAny>>,
        end_col: Option<&Bound<'_, PyAny>>,
        context: Option<&Bound<'_, Context>>,
    ) -> PyResult<Py<Location>> {
        use crate::util::{int_arg, opt_int_arg};
        let (line, col): (u32, u32) = (int_arg(line, "line")?, int_arg(col, "col")?);
        let (end_line, end_col): (Option<u32>, Option<u32>) =
            (opt_int_arg(end_line, "end_line")?, opt_int_arg(end_col, "end_col")?);
        let ctx = resolve(context)?;
        let loc = match (end_line, end_col) {
            (None, None) => ctx.file_line_col_loc(filename, line, col).py()?,
            (el, ec) => ctx.file_line_col_range_loc(filename, line, col, el.unwrap_or(line), ec.unwrap_or(col)).py()?,
        };
        wrap_loc(py, loc)
    }

    /// `loc("name")`, or `loc("name"(child))`.
    #[staticmethod]
    #[pyo3(signature = (name, childLoc = None, context = None))]
    #[allow(non_snake_case)]
    fn name(
        py: Python<'_>,
        name: &str,
        childLoc: Option<&Bound<'_, Location>>,
        context: Option<&Bound<'_, Context>>,
    ) -> PyResult<Py<Location>> {
        let ctx = match (context, childLoc) {
            (None, Some(c)) => c.get().loc.context().clone(),
            _ => resolve(context)?,
        };
        wrap_loc(py, ctx.name_loc(name, childLoc.map(|c| &c.get().loc)).py()?)
    }

    /// `loc(callsite(callee at frames[0]))`, nested for more frames:
    /// `callsite(callee at callsite(frames[0] at frames[1]))`...
    #[staticmethod]
    #[pyo3(signature = (callee, frames, context = None))]
    fn callsite(
        py: Python<'_>,
        callee: &Bound<'_, Location>,
        frames: Vec<Bound<'_, Location>>,
        context: Option<&Bound<'_, Context>>,
    ) -> PyResult<Py<Location>> {
        let _ = context;
        let ctx = callee.get().loc.context().clone();
        let Some(last) = frames.last() else {
            return Err(PyValueError::new_err("Location.callsite needs at least one frame"));
        };
        let mut caller = last.get().loc.clone();
        for f in frames.iter().rev().skip(1) {
            caller = ctx.call_site_loc(&f.get().loc, &caller).py()?;
        }
        wrap_loc(py, ctx.call_site_loc(&callee.get().loc, &caller).py()?)
    }

    /// `loc(fused[...])` or `loc(fused<metadata>[...])` (simplified as MLIR does).
    #[staticmethod]
    #[pyo3(signature = (locations, metadata = None, context = None))]
    fn fused(
        py: Python<'_>,
        locations: Vec<Bound<'_, Location>>,
        metadata: Option<&Bound<'_, crate::attributes::Attribute>>,
        context: Option<&Bound<'_, Context>>,
    ) -> PyResult<Py<Location>> {
        let ctx = match (context, locations.first()) {
            (None, Some(l)) => l.get().loc.context().clone(),
            _ => resolve(context)?,
        };
        let locs: Vec<omnir::Location> = locations.iter().map(|l| l.get().loc.clone()).collect();
        wrap_loc(py, ctx.fused_loc(&locs, metadata.map(|m| &m.get().attr)).py()?)
    }

    /// The location as an attribute.
    #[getter]
    fn attr(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        wrap_attr(py, self.loc.to_attribute().py()?)
    }

    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<Context>> {
        context_object(py, self.loc.context())
    }

    /// `"unknown"`, `"file"`, `"name"`, `"callsite"` or `"fused"`.
    #[getter]
    fn kind(&self) -> PyResult<&'static str> {
        Ok(match self.loc.kind().py()? {
            LocationKind::Unknown => "unknown",
            LocationKind::FileLineCol => "file",
            LocationKind::Name => "name",
            LocationKind::CallSite => "callsite",
            LocationKind::Fused => "fused",
        })
    }

    fn is_a_unknown(&self) -> PyResult<bool> {
        Ok(self.loc.kind().py()? == LocationKind::Unknown)
    }
    fn is_a_file(&self) -> PyResult<bool> {
        Ok(self.loc.kind().py()? == LocationKind::FileLineCol)
    }
    fn is_a_name(&self) -> PyResult<bool> {
        Ok(self.loc.kind().py()? == LocationKind::Name)
    }
    fn is_a_callsite(&self) -> PyResult<bool> {
        Ok(self.loc.kind().py()? == LocationKind::CallSite)
    }
    fn is_a_fused(&self) -> PyResult<bool> {
        Ok(self.loc.kind().py()? == LocationKind::Fused)
    }

    /// The file of a file location.
    #[getter]
    fn filename(&self) -> PyResult<String> {
        Ok(self.loc.file_range().py()?.0)
    }
    #[getter]
    fn start_line(&self) -> PyResult<u32> {
        Ok(self.loc.file_range().py()?.1)
    }
    #[getter]
    fn start_col(&self) -> PyResult<u32> {
        Ok(self.loc.file_range().py()?.2)
    }
    #[getter]
    fn end_line(&self) -> PyResult<u32> {
        Ok(self.loc.file_range().py()?.3)
    }
    #[getter]
    fn end_col(&self) -> PyResult<u32> {
        Ok(self.loc.file_range().py()?.4)
    }

    /// The name of a name location.
    #[getter]
    fn name_str(&self) -> PyResult<String> {
        self.loc.name().py()
    }

    /// The child location of a name location, if any.
    #[getter]
    fn child_loc(&self, py: Python<'_>) -> PyResult<Option<Py<Location>>> {
        self.loc.name_child().py()?.map(|l| wrap_loc(py, l)).transpose()
    }

    /// The callee of a call-site location.
    #[getter]
    fn callee(&self, py: Python<'_>) -> PyResult<Py<Location>> {
        wrap_loc(py, self.loc.callee().py()?)
    }

    /// The caller of a call-site location.
    #[getter]
    fn caller(&self, py: Python<'_>) -> PyResult<Py<Location>> {
        wrap_loc(py, self.loc.caller().py()?)
    }

    /// The locations of a fused location.
    #[getter]
    fn locations(&self, py: Python<'_>) -> PyResult<Vec<Py<Location>>> {
        self.loc.fused_locations().py()?.into_iter().map(|l| wrap_loc(py, l)).collect()
    }

    /// The metadata of a fused location, if any.
    #[getter]
    fn metadata(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.loc.fused_metadata().py()?.map(|a| wrap_attr(py, a)).transpose()
    }

    /// Emits an error diagnostic at this location.
    fn emit_error(&self, message: &str) -> PyResult<()> {
        self.loc.context().emit_diagnostic(omnir::Severity::Error, &self.loc, message, &[]).py()
    }

    fn __enter__(slf: Py<Location>, py: Python<'_>) -> PyResult<Py<Location>> {
        let ctx = context_object(py, slf.get().loc.context())?;
        context::push_context(ctx);
        context::push_location(slf.clone_ref(py));
        Ok(slf)
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(slf: Py<Location>, py: Python<'_>, _args: &Bound<'_, PyTuple>) -> PyResult<bool> {
        context::pop_location(&slf)?;
        let ctx = context_object(py, slf.get().loc.context())?;
        context::pop_context(py, &ctx)?;
        Ok(false)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Location>().map(|o| o.get().loc == self.loc).unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        let r = self.loc.raw();
        crate::util::hash2(r.context, r.id)
    }

    fn __str__(&self) -> PyResult<String> {
        self.loc.print().py()
    }

    fn __repr__(&self) -> PyResult<String> {
        self.loc.print().py()
    }
}
