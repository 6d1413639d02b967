//! What one call of the generator produces: every move, or one of the stages a search node
//! asks for.

use crate::chess::types::*;

/// What a call to the generator should produce.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Scope {
    /// Every legal move.
    All,
    /// Legal captures and queen promotions (quiescence search).
    Tactical,
    /// Legal captures and promotions to every kind: the first stage of a search node.
    Noisy,
    /// The other legal moves (neither capture nor promotion): the second stage. `Noisy` and
    /// `Quiet` together are `All`, each in the order `All` gives its moves.
    Quiet,
}

impl Scope {
    /// Whether captures (including en passant) are wanted.
    #[inline(always)]
    pub(super) fn captures(self) -> bool {
        self != Scope::Quiet
    }

    /// Whether moves that neither capture nor promote are wanted.
    #[inline(always)]
    pub(super) fn quiet_moves(self) -> bool {
        matches!(self, Scope::All | Scope::Quiet)
    }

    /// The promotions wanted, best first.
    #[inline(always)]
    pub(super) fn promotions(self) -> &'static [Kind] {
        match self {
            Scope::All | Scope::Noisy => &PROMOTIONS,
            Scope::Tactical => &PROMOTIONS[..1],
            Scope::Quiet => &[],
        }
    }
}

/// Promotion kinds, best first, so move ordering sees the queen before the knight.
pub(super) const PROMOTIONS: [Kind; 4] = [QUEEN, KNIGHT, ROOK, BISHOP];
