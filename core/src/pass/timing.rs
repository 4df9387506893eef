//! Pass timing: a tree of wall-clock timers and MLIR's `--mlir-timing` report.

use std::fmt::Write;
use std::time::Duration;

/// One timer: a name, the wall time spent in it, and nested timers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TimingNode {
    pub name: String,
    pub wall: Duration,
    pub children: Vec<TimingNode>,
}

impl TimingNode {
    pub fn new(name: impl Into<String>) -> TimingNode {
        TimingNode { name: name.into(), wall: Duration::ZERO, children: Vec::new() }
    }

    fn header(out: &mut String, total: f64) {
        let title = "... Execution time report ...";
        let rule = format!("==={}===\n", "-".repeat(73));
        out.push_str(&rule);
        out.push_str(&" ".repeat((80 - title.len()) / 2));
        out.push_str(title);
        out.push('\n');
        out.push_str(&rule);
        let _ = write!(out, "  Total Execution Time: {total:.4} seconds\n\n");
        out.push_str("  ----Wall Time----  ----Name----\n");
    }

    fn row(out: &mut String, time: f64, total: f64, indent: usize, name: &str) {
        let pct = if total > 0.0 { 100.0 * time / total } else { 0.0 };
        let _ = writeln!(out, "  {time:8.4} ({pct:5.1}%)  {}{name}", " ".repeat(indent));
    }

    fn footer(&self, out: &mut String, total: f64) {
        let children: f64 = self.children.iter().map(|c| c.wall.as_secs_f64()).sum();
        Self::row(out, (total - children).max(0.0), total, 0, "Rest");
        Self::row(out, total, total, 0, "Total");
    }

    /// The report as MLIR prints it in tree mode (`--mlir-timing-display=tree`, the
    /// default): this node is the (hidden) root, its children are listed with their nested
    /// timers indented by two spaces per level, then `Rest` (time not in any child) and
    /// `Total`.
    pub fn report(&self) -> String {
        let total = self.wall.as_secs_f64();
        let mut out = String::new();
        Self::header(&mut out, total);
        // Explicit stack: (node, indent), children pushed in reverse to keep their order.
        let mut stack: Vec<(&TimingNode, usize)> = self.children.iter().rev().map(|c| (c, 0)).collect();
        while let Some((node, indent)) = stack.pop() {
            Self::row(&mut out, node.wall.as_secs_f64(), total, indent, &node.name);
            stack.extend(node.children.iter().rev().map(|c| (c, indent + 2)));
        }
        self.footer(&mut out, total);
        out
    }

    /// The report in list mode (`--mlir-timing-display=list`): timers merged by name and
    /// sorted by decreasing wall time.
    pub fn report_list(&self) -> String {
        let total = self.wall.as_secs_f64();
        let mut merged: Vec<(String, f64)> = Vec::new();
        let mut stack: Vec<&TimingNode> = self.children.iter().collect();
        while let Some(node) = stack.pop() {
            let t = node.wall.as_secs_f64();
            match merged.iter_mut().find(|(n, _)| *n == node.name) {
                Some(entry) => entry.1 += t,
                None => merged.push((node.name.clone(), t)),
            }
            stack.extend(node.children.iter());
        }
        merged.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let mut out = String::new();
        Self::header(&mut out, total);
        for (name, t) in &merged {
            Self::row(&mut out, *t, total, 0, name);
        }
        self.footer(&mut out, total);
        out
    }
}
