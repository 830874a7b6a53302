//! Servants of Kalladra (2010 optional rule) in the Revised game.
//!
//! 2010 text: eliminated players "control the monster tokens": on his turn an eliminated
//! player may move one monster token to an adjacent chamber (through doors and portcullises,
//! ignoring chamber effects; never out of the dungeon nor into the treasure chamber; never into
//! a chamber with a monster); with two or more tokens, the token moved last cannot be moved
//! again until another one has been; a monster moved into a hero's chamber attacks him at once
//! (the eliminated player is the monster player, then play goes on to his left); while fewer
//! tokens than heroes remain are on the board, he may instead add a token on a dungeon chamber
//! next to a tower room.
//!
//! Revised adaptations (rule decisions):
//! - The Revised game has monster tokens: one stays in a chamber when a hero escapes the
//!   monster or dies to it, and entering that chamber meets a monster (a new monster card)
//!   instead of the chamber. Those tokens are the ones the servants move. The Revised tokens
//!   carry no monster: the monster card is drawn when the hero is attacked, as on entering a
//!   token's chamber, so adding a token draws nothing (2010: dungeon cards until a monster).
//! - "Eliminated" players are those whose heroes are dead; heroes who left the dungeon wait
//!   for the end of the game. With Death Can Wait nobody is eliminated.
//! - "Adjacent chamber": an explored dungeon chamber joined by a hall (walls stop monsters,
//!   doors and portcullises do not). Tower rooms are the dungeon's exits, so monsters do not
//!   enter them either. A new token goes on a dungeon chamber next to a tower room with no
//!   token and no hero in it.
//! - The attacked hero meets the monster as on entering a token's chamber: the escape rules
//!   apply; a monster killed removes its token; the hero's turn-ending effects end only the
//!   encounter. A hero in the treasure chamber or the catacombs cannot be reached.
//!
//! The 2010 form (edition `third`, `third/optional.rs`) shares the choices above: the tokens
//! are the 2010 monster tokens, each carrying its monster type and life, moved with their
//! values; adding a token draws dungeon cards until a monster card ("Shuffle" shuffles the
//! discard pile back in), discards them all and places a token of that monster's type from
//! the pool (from the board if none is left, as in any encounter); an attacked hero may try
//! the power-card escape or fight, the servant playing the monster, and a token killed there
//! is not followed by the chamber (the hero did not enter it).

use super::pvp::NO_SEAT;
use super::*;
use crate::dungeonquest::board::{is_tower, is_treasure, Dir, TOWERS};

impl<'r> Game<'r> {
    /// Whether the (dead) hero of `seat` takes a servant's turn.
    pub(crate) fn servant_turns(&self, seat: u8) -> bool {
        self.variant.servants && self.seats > 1 && self.heroes[seat as usize].status == HeroStatus::Dead
    }

    /// A servant's turn: one token moved or added, or nothing.
    pub(crate) fn start_servant_turn<O: Observer>(&mut self, obs: &mut O) {
        self.turn = TurnFlags::default();
        // The servant's steps go on the empty stack, whose bottom is the turn's end (see `Task`).
        debug_assert!(self.tasks.is_empty());
        self.ask(self.active.get(), DecisionKind::ServantMove, obs);
    }

    fn token_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..CELLS as Cell).filter(|&c| self.board[c as usize].flags & F_MONSTER != 0)
    }

    /// A chamber a monster may stand in: an explored dungeon chamber (no tower, no treasure
    /// chamber) without a monster token.
    fn monster_may_enter(&self, c: Cell) -> bool {
        self.explored(c) && !is_tower(c) && !is_treasure(c) && self.board[c as usize].flags & F_MONSTER == 0
    }

    /// Pass, move a token (not the one moved last while others exist), or add a token.
    pub(crate) fn servant_choices(&self, out: &mut Choices) {
        out.push(Choice::Done);
        let tokens = self.token_cells().count();
        for from in self.token_cells() {
            if tokens > 1 && from == self.servants.last_token {
                continue;
            }
            for d in Dir::ALL {
                let Some(to) = self.link(from, d) else { continue };
                if self.monster_may_enter(to) && out.len() < out.capacity() {
                    out.push(Choice::MoveToken(from, to));
                }
            }
        }
        let heroes = self.seated().iter().filter(|h| h.in_game()).count();
        if tokens < heroes {
            for t in TOWERS {
                for d in Dir::ALL {
                    let Some(c) = crate::dungeonquest::board::step(t, d) else { continue };
                    let free = self.monster_may_enter(c) && !self.occupied(c, NO_SEAT);
                    if free && !out.contains(&Choice::Move(c)) && out.len() < out.capacity() {
                        out.push(Choice::Move(c));
                    }
                }
            }
        }
    }

    pub(crate) fn answer_servant<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        match c {
            Choice::MoveToken(from, to) => {
                let moved = if self.edition == Edition::Third {
                    self.third_move_token(from, to)
                } else {
                    self.board[from as usize].flags &= !F_MONSTER;
                    self.touch(from);
                    self.board[to as usize].flags |= F_MONSTER;
                    self.touch(to);
                    None
                };
                self.servants.last_token = to;
                let victim = (0..self.seats).find(|&s| {
                    let h = &self.heroes[s as usize];
                    h.on_board() && h.pos == to
                });
                if let Some(hero) = victim {
                    // The monster attacks: the hero meets it on the servant's turn, with the
                    // servant as the monster player; then play goes on from the servant.
                    let servant = self.active.get();
                    self.push(Task::ServantDone { seat: servant });
                    self.servants.seat = servant;
                    self.active = Seat::of(hero);
                    self.turn = TurnFlags::default();
                    match moved {
                        Some((kind, token)) => {
                            self.push(Task::Third(super::third::Step::Encounter { kind, escape: true, token }))
                        }
                        None => self.push(Task::Encounter { escape: true }),
                    }
                }
            }
            Choice::Move(cell) => {
                if self.edition == Edition::Third {
                    self.third_add_token(cell, obs);
                } else {
                    self.board[cell as usize].flags |= F_MONSTER;
                    self.touch(cell);
                }
                self.servants.last_token = cell;
            }
            _ => {}
        }
    }

    /// The attack on a servant's turn is over: the turn is the servant's again.
    pub(crate) fn servant_done(&mut self, seat: u8) {
        self.servants.seat = NO_SEAT;
        self.active = Seat::of(seat);
        self.turn = TurnFlags::default();
    }
}
