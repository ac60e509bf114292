//! A game's moves as a tree: the main line and its variations, as the analysis board walks,
//! extends and edits them, and as PDN writes them (`( ... )` after the move they replace).
//!
//! Nodes live in one vector and name each other by index ([`NodeId`]), so a cursor into the
//! tree is a plain copyable value and no node owns another. Every node but the root holds a
//! move; a node's first child is its main continuation, the others are variations. A deleted
//! subtree stays in the vector, unreachable (an analysis session makes a few hundred nodes at
//! most, not worth compacting and renumbering every cursor).

use super::pdn::{PdnGame, PdnMove, PdnResult, Variation};
use crate::rules::{Move, Position};

/// A node of a [`MoveTree`]; [`NodeId::ROOT`] is the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeId(usize);

impl NodeId {
    /// The start position, before any move.
    pub const ROOT: NodeId = NodeId(0);
}

/// One move of the tree with what is written about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move that leads here (`None` at the root only).
    pub mv: Option<Move>,
    /// NAGs and marks after the move (`$3`, `!?`).
    pub nags: Vec<String>,
    /// Comments after the move (at the root: comments before the first move).
    pub comments: Vec<String>,
    /// Comments before the move, written at the start of the variation it begins. Always
    /// empty on a main continuation (first child): PDN has no place for them there.
    pub before: Vec<String>,
    /// The result written at the end of the variation this node begins, `( ... 1-0)`; kept
    /// so that a record read and written again loses nothing. Not written on a main
    /// continuation (the game's result is the record's).
    pub result: Option<PdnResult>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
}

impl Node {
    fn new(mv: Option<Move>, parent: Option<NodeId>) -> Node {
        Node {
            mv,
            nags: Vec::new(),
            comments: Vec::new(),
            before: Vec::new(),
            result: None,
            parent,
            children: Vec::new(),
        }
    }

    /// The node before this one (`None` at the root).
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The moves that may follow, the main continuation first.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }
}

/// The move tree of one game from its start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTree {
    start: Position,
    nodes: Vec<Node>,
}

impl MoveTree {
    /// A tree with no move yet.
    pub fn new(start: Position) -> MoveTree {
        MoveTree {
            start,
            nodes: vec![Node::new(None, None)],
        }
    }

    /// The tree of a record: its main line, every variation (nested ones too), comments and
    /// NAGs, and the result some programs write at a variation's end. An empty variation `()`
    /// has no move to hold and is left out.
    pub fn from_game(g: &PdnGame) -> MoveTree {
        let mut t = MoveTree::new(g.start);
        t.nodes[0].comments = g.intro.clone();
        t.graft(NodeId::ROOT, &g.moves, &[], None);
        t
    }

    /// Adds `moves` as a line after `at`, the first one preceded by the comments `before`
    /// and holding the line's `result`.
    fn graft(
        &mut self,
        at: NodeId,
        moves: &[PdnMove],
        before: &[String],
        result: Option<PdnResult>,
    ) {
        let mut parent = at;
        for (i, m) in moves.iter().enumerate() {
            let id = self.push_child(parent, m.mv);
            let node = &mut self.nodes[id.0];
            node.nags = m.nags.clone();
            node.comments = m.comments.clone();
            if i == 0 {
                node.before = before.to_vec();
                node.result = result;
            }
            // Variations replace this move: they hang from the same parent.
            for v in &m.variations {
                self.graft(parent, &v.moves, &v.intro, v.result);
            }
            parent = id;
        }
        self.tidy(at);
    }

    fn push_child(&mut self, parent: NodeId, mv: Move) -> NodeId {
        let id = NodeId(self.nodes.len());
        self.nodes.push(Node::new(Some(mv), Some(parent)));
        self.nodes[parent.0].children.push(id);
        id
    }

    /// Keeps a main continuation free of `before` comments: they move to its parent.
    fn tidy(&mut self, parent: NodeId) {
        if let Some(&first) = self.nodes[parent.0].children.first() {
            let before = std::mem::take(&mut self.nodes[first.0].before);
            self.nodes[parent.0].comments.extend(before);
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// A node.
    ///
    /// # Panics
    /// If `id` comes from another tree and is out of range.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0]
    }

    /// A node, to change its comments or NAGs.
    ///
    /// # Panics
    /// As [`MoveTree::node`].
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.0]
    }

    /// The nodes from the root's first move down to `id` (empty at the root).
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut cur = id;
        while let Some(p) = self.nodes[cur.0].parent {
            out.push(cur);
            cur = p;
        }
        out.reverse();
        out
    }

    /// The moves from the start to `id`.
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        self.path(id)
            .into_iter()
            .filter_map(|n| self.nodes[n.0].mv)
            .collect()
    }

    /// Plies from the start to `id`.
    pub fn ply(&self, id: NodeId) -> usize {
        self.path(id).len()
    }

    /// The position at `id`.
    pub fn position(&self, id: NodeId) -> Position {
        self.moves_to(id)
            .iter()
            .fold(self.start, |pos, m| pos.after(m))
    }

    /// The main continuation of `id`, if any.
    pub fn main_child(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.0].children.first().copied()
    }

    /// Whether `id` lies on the main line (every node above it a first child).
    pub fn is_main_line(&self, id: NodeId) -> bool {
        self.path(id)
            .iter()
            .all(|&n| self.main_child(self.nodes[n.0].parent.expect("not the root")) == Some(n))
    }

    /// The last node of the main continuation from `id` (`id` itself when nothing follows).
    pub fn line_end(&self, id: NodeId) -> NodeId {
        let mut cur = id;
        while let Some(c) = self.main_child(cur) {
            cur = c;
        }
        cur
    }

    /// Plays `mv` after `at`: the child that already holds it, else a new one (a new main
    /// continuation where there was none, else a new variation, last).
    pub fn play(&mut self, at: NodeId, mv: Move) -> NodeId {
        let existing = self.nodes[at.0]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c.0].mv == Some(mv));
        existing.unwrap_or_else(|| self.push_child(at, mv))
    }

    /// Moves the variation that holds `id` one place up where it branches off: the nearest
    /// node at or above `id` that is not a main continuation trades places with the sibling
    /// before it. Repeated, it makes the line the main line. Returns whether anything moved
    /// (`false` on the main line).
    pub fn promote(&mut self, id: NodeId) -> bool {
        let branch = self.path(id).into_iter().rev().find(|&n| {
            let p = self.nodes[n.0].parent.expect("not the root");
            self.main_child(p) != Some(n)
        });
        let Some(branch) = branch else {
            return false;
        };
        let parent = self.nodes[branch.0].parent.expect("not the root");
        let siblings = &mut self.nodes[parent.0].children;
        let i = siblings.iter().position(|&c| c == branch).expect("a child");
        siblings.swap(i - 1, i);
        self.tidy(parent);
        true
    }

    /// Deletes `id` and everything after it; returns the node before it (`None` at the root,
    /// which cannot be deleted). When it was the main continuation, the next variation
    /// becomes the main one.
    pub fn delete(&mut self, id: NodeId) -> Option<NodeId> {
        let parent = self.nodes[id.0].parent?;
        self.nodes[parent.0].children.retain(|&c| c != id);
        self.tidy(parent);
        Some(parent)
    }

    /// The number of moves reachable from the root.
    pub fn len(&self) -> usize {
        let mut count = 0;
        let mut todo = vec![NodeId::ROOT];
        while let Some(n) = todo.pop() {
            count += self.nodes[n.0].children.len();
            todo.extend(&self.nodes[n.0].children);
        }
        count
    }

    /// Whether the tree holds no move.
    pub fn is_empty(&self) -> bool {
        self.nodes[0].children.is_empty()
    }

    /// The tree as a record: `base`'s tags and result, the tree's start, comments, main line
    /// and variations.
    pub fn to_game(&self, base: &PdnGame) -> PdnGame {
        let mut g = base.clone();
        g.start = self.start;
        g.rules = self.start.rules();
        g.intro = self.nodes[0].comments.clone();
        g.moves = self
            .main_child(NodeId::ROOT)
            .map_or(Vec::new(), |first| self.line(first));
        g.rule_draw = None;
        g
    }

    /// The line that starts with `first` and follows main continuations, with the variations
    /// that replace each of its moves.
    fn line(&self, first: NodeId) -> Vec<PdnMove> {
        let mut out = Vec::new();
        let mut cur = Some(first);
        while let Some(id) = cur {
            let n = &self.nodes[id.0];
            let mut m = PdnMove::new(n.mv.expect("not the root"));
            m.nags = n.nags.clone();
            m.comments = n.comments.clone();
            let parent = n.parent.expect("not the root");
            let siblings = &self.nodes[parent.0].children;
            // A line begun by a variation's first move takes no variations of its own there:
            // they are written after the main continuation, its sibling.
            if siblings.first() == Some(&id) {
                for &s in &siblings[1..] {
                    m.variations.push(Variation {
                        intro: self.nodes[s.0].before.clone(),
                        moves: self.line(s),
                        result: self.nodes[s.0].result,
                    });
                }
            }
            out.push(m);
            cur = self.main_child(id);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::movetext::parse_move;
    use crate::rules::RuleSet;

    fn mv(pos: &Position, text: &str) -> Move {
        parse_move(pos, text).unwrap()
    }

    #[test]
    fn play_promote_delete() {
        let start = Position::start(RuleSet::Italian);
        let mut t = MoveTree::new(start);
        let a = t.play(NodeId::ROOT, mv(&start, "21-17"));
        let b = t.play(NodeId::ROOT, mv(&start, "22-18"));
        assert_eq!(t.play(NodeId::ROOT, mv(&start, "22-18")), b, "no duplicate");
        assert_eq!(t.node(NodeId::ROOT).children(), [a, b]);
        assert!(t.is_main_line(a) && !t.is_main_line(b));
        let after_b = t.position(b);
        let c = t.play(b, mv(&after_b, "10-14"));
        assert!(!t.is_main_line(c));
        assert!(t.promote(c));
        assert!(t.is_main_line(c) && !t.is_main_line(a));
        assert!(!t.promote(c), "already the main line");
        assert_eq!(t.delete(b), Some(NodeId::ROOT));
        assert_eq!(t.node(NodeId::ROOT).children(), [a]);
        assert!(t.is_main_line(a));
        assert_eq!(t.len(), 1);
        assert_eq!(t.delete(NodeId::ROOT), None);
    }
}
