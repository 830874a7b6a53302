//! TEMPORARY (lead's branch only, replaced by task B's engine trace).
use dq_engine::core::Observer;
use dq_engine::dungeonquest::classic::game::ClassicEvent;
use dq_engine::dungeonquest::classic::ClassicRules;

pub struct ClassicTrace {
    lines: Vec<String>,
}

impl ClassicTrace {
    pub fn new(_rules: &ClassicRules) -> ClassicTrace {
        ClassicTrace { lines: Vec::new() }
    }
    pub fn lines(&self) -> &[String] {
        &self.lines
    }
}

impl Observer<ClassicEvent> for ClassicTrace {
    fn event(&mut self, e: ClassicEvent) {
        self.lines.push(format!("{e:?}"));
    }
}
