"""Every game as a PettingZoo AEC environment: one agent per seat, one decision per step.

Install the extra first: ``pip install 'cardrules[pettingzoo]'``. Importing this
module without PettingZoo raises one :class:`ImportError` that says so;
``import cardrules`` alone never imports PettingZoo, Gymnasium or NumPy.

``env("felagsvist")`` is the environment, wrapped as PettingZoo's own classic
games are (an action outside the action space fails an assertion; using the
environment before :meth:`~CardrulesEnv.reset` is an error);
:class:`CardrulesEnv` (also called ``raw_env``) is the same without the
wrappers. Options are the game's own (``env("backstab_fish", players=5)``),
validated by :func:`~cardrules.games.get_game`.

It is a thin layer over :class:`cardrules.agents.Episode`:

- **Agents** ``player_0``, ``player_1``, ... are the seats 0, 1, ...
- **Actions** are the game's *decisions* (``Discrete(encoding.size)``, see each
  game's ``encoding`` module). An action that takes several decisions (a
  Calabresella discard, a Fildinski meld declaration, a Backstab Fish
  lay-down) is several steps by the same agent: the agent to act stays the
  same until its action is complete, and the action is applied then.
- **Observations** are a dict: ``"observation"``, the seat's observation vector
  (``float32``, built by the game's encoding from ``state.observation(seat)``
  alone, so it shows nothing that seat may not see), and ``"action_mask"``
  (``int8``, 1 for each decision the agent may take now; all zeros for an
  agent that is not to act, and for everyone once the game is over). Most
  entries are counts, one-hots and scores scaled near ``[0, 1]``, but some
  leave it (a Calabresella balance is negative after a lost hand, a Fildinski
  total passes the target), so the observation's box is unbounded.
- **Infos**: the agent to act has ``"legal_actions"``, each open decision with
  its text (``{12: "p3 play AC", ...}``, in increasing order); the others have
  an empty dict.
- **Rewards** come once, when the game ends: each seat's
  :meth:`~cardrules.agents.Episode.returns` (+1 a winner, -1 not, 0 for every
  seat when the best result is shared; partners get the same). Every other
  step rewards 0.
- **Terminations** all become true together at the end of the game;
  **truncations** never do, since every game ends within its encoding's
  ``max_decisions`` (all but Backstab Fish with ``stall_limit=None``, which
  need not end: keep a stall limit to train on it).
- **Seeds**: ``reset(seed=n)`` starts ``game.new_game(n)``, exactly the game
  that cardrules deals from that seed, and seeds the environment's own NumPy
  generator with ``n``; ``reset()`` draws the next game's seed from that
  generator (an environment never seeded starts its generator from fresh
  entropy, as Gymnasium's do). Nothing uses a global random source.

**An illegal action ends the game, and the agent that took it loses.** A
decision that the agent may not take now (its mask bit is 0; on the raw
environment, also a number outside the action space) is not applied, nor are
the decisions it took before it towards the same action: the offender's
reward is -1, every other agent's 0, all terminations become true, and the
offender's info holds ``"illegal"`` (the verdict's reason), ``"rule_ids"``
(the rules it breaks) and ``"action"`` (the decisions as text). This is the
consequence PettingZoo's classic games give through
``TerminateIllegalWrapper(illegal_reward=-1)``, so code written for them (a
training loop, ``api_test``, the dead-agent protocol of ``agent_iter``) runs
here unchanged, and a policy that ignores the mask gets a clear signal
instead of an episode that never advances. The environment
applies the convention itself, rather than through that wrapper, so that the
verdict reaches the info. A value that is no integer (``None`` for an agent
still playing, say) is a programming error, not a move:
:class:`~cardrules.errors.InvalidArgumentError`.

``render_mode="ansi"``: :meth:`~CardrulesEnv.render` returns the observation
text of the agent to act. :meth:`~CardrulesEnv.svg` draws any agent's
observation as SVG, to show in a notebook.

>>> from cardrules.pettingzoo import env
>>> table = env("calabresella")
>>> table.reset(seed=3)
>>> table.agent_selection, int(table.action_space("player_0").n)
('player_0', 167)
>>> observation, reward, termination, truncation, info = table.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((525,), 4)
>>> info["legal_actions"]
{0: 'p0 pass', 1: 'p0 bid chiamo', 2: 'p0 bid solo', 3: 'p0 bid solissimo'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypedDict, cast

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as missing:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        "cardrules.pettingzoo needs PettingZoo: pip install 'cardrules[pettingzoo]'", name=missing.name
    ) from missing

import cardrules
from cardrules.agents import Episode
from cardrules.errors import IllegalActionError, InvalidArgumentError
from cardrules.game import AnyGame
from cardrules.notation import format_seat
from cardrules.svg import table as _svg_table
from cardrules.verdict import Verdict

__all__ = ["CardrulesEnv", "Observation", "env", "raw_env"]

_RENDER_MODES: Final = ("ansi",)

_SEEDS: Final = 2**63
"""Game seeds drawn by ``reset()`` lie in ``range(_SEEDS)``."""


class Observation(TypedDict):
    """What :meth:`CardrulesEnv.observe` returns for one agent."""

    observation: NDArray[np.float32]
    """The seat's observation vector (the layout is in its game's ``encoding`` module)."""
    action_mask: NDArray[np.int8]
    """1 for each decision the agent may take now, else 0."""


Info = dict[str, object]
"""One agent's info."""


class CardrulesEnv(AECEnv[str, Observation, int | None]):
    """One cardrules game as a PettingZoo AEC environment (the module says how it maps).

    Args:
        game_name: the game's registry name (``felagsvist``, ``fildinski``,
            ``calabresella``, ``backstab_fish``).
        render_mode: ``None`` or ``"ansi"``.
        **options: the game's options, as :func:`~cardrules.games.get_game` takes them.

    Raises:
        UnknownGameError: no game has that name.
        InvalidOptionError: the game has no such option, or not that value.
        InvalidArgumentError: ``render_mode`` is not one this environment has.
    """

    def __init__(self, game_name: str, render_mode: str | None = None, **options: object) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # PettingZoo leaves it unannotated
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise InvalidArgumentError(f"render_mode {render_mode!r}: give 'ansi' or None")
        self.game: AnyGame = cardrules.get_game(game_name, **options)
        self.encoding = self.game.encoding()
        self._names = tuple(self.encoding.decision_name(decision) for decision in range(self.encoding.size))
        self.render_mode = render_mode
        self.metadata = {
            "name": f"cardrules_{self.game.name}_v0",
            "render_modes": list(_RENDER_MODES),
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {agent: self._observation_space() for agent in self.possible_agents}
        self.action_spaces = {
            agent: cast("gymnasium.spaces.Space[int | None]", spaces.Discrete(self.encoding.size))
            for agent in self.possible_agents
        }
        self._generator = np.random.default_rng()
        self._episode: Episode | None = None
        self._choices: tuple[int, ...] = ()
        self._over = False

    # -- spaces ------------------------------------------------------------------

    def _observation_space(self) -> gymnasium.spaces.Space[Observation]:
        """A new ``Dict`` space of one agent's observation (each agent has its own, to seed apart)."""
        vector = spaces.Box(-np.inf, np.inf, shape=(self.encoding.observation_size,), dtype=np.float32)
        mask = spaces.Box(0, 1, shape=(self.encoding.size,), dtype=np.int8)
        both = spaces.Dict({"observation": vector, "action_mask": mask})
        return cast("gymnasium.spaces.Space[Observation]", both)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Observation]:
        """The same ``Dict`` space object for every call: ``observation`` and ``action_mask``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[int | None]:
        """The same ``Discrete(encoding.size)`` object for every call."""
        return self.action_spaces[agent]

    # -- the game ---------------------------------------------------------------------

    @property
    def episode(self) -> Episode:
        """The game as it stands (:class:`~cardrules.agents.Episode`; ``.state`` is the cardrules state).

        Raises:
            InvalidArgumentError: the environment has not been reset yet.
        """
        if self._episode is None:
            raise InvalidArgumentError("the environment has no game yet: call reset() first")
        return self._episode

    def reset(self, seed: int | None = None, options: Mapping[str, object] | None = None) -> None:
        """Start a game: ``game.new_game(seed)``, or a seed drawn from the environment's generator.

        ``options`` is accepted as PettingZoo's API has it, and unused: the
        game's options are fixed when the environment is made.

        Raises:
            InvalidArgumentError: ``seed`` is not a non-negative int.
        """
        if seed is None:
            game_seed = int(self._generator.integers(_SEEDS))
        else:
            if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                raise InvalidArgumentError(f"seed {seed!r}: give a non-negative int, or None")
            self._generator = np.random.default_rng(seed)
            game_seed = seed
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._over = False
        self._enter(Episode.start(self.game, game_seed))

    def step(self, action: int | np.integer | None) -> None:
        """Take one decision for the agent to act (``None`` for an agent whose game is over).

        An illegal decision ends the game with -1 for the agent that took it
        (see the module).

        Raises:
            InvalidArgumentError: ``action`` is not an integer, for an agent
                still playing.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise InvalidArgumentError(f"{agent}'s game is over: its only action is None, not {action!r}")
            self._was_dead_step(None)
            return
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise InvalidArgumentError(
                f"{action!r} is not an action of {agent}: give an int in range({self.encoding.size})"
            )
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        try:
            episode = self.episode.choose(int(action))
        except IllegalActionError as error:
            self._forfeit(agent, error.verdict, error.action)
        else:
            self._enter(episode)
        self._accumulate_rewards()

    def _enter(self, episode: Episode) -> None:
        """Make ``episode`` the game: the agent to act and its legal actions, or the rewards at the end."""
        self._episode = episode
        self.infos = {agent: {} for agent in self.agents}
        if episode.is_terminal:
            self._choices = ()
            self._over = True
            returns = episode.returns()
            self.rewards = {agent: returns[self._seats[agent]] for agent in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            return
        self._choices = episode.choices()
        self.agent_selection = self.possible_agents[episode.current_player]
        self.infos[self.agent_selection] = self._legal_info(episode)

    def _legal_info(self, episode: Episode) -> Info:
        """The agent to act's info: each open decision and its text (as ``episode.decision_text`` has it)."""
        actor = format_seat(episode.current_player)
        return {"legal_actions": {decision: f"{actor} {self._names[decision]}" for decision in self._choices}}

    def _forfeit(self, agent: str, verdict: Verdict, action: str) -> None:
        """End the game after ``agent``'s illegal decision: -1 for it, 0 for the others."""
        self._choices = ()
        self._over = True
        self.rewards = {other: -1.0 if other == agent else 0.0 for other in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {other: {} for other in self.agents}
        self.infos[agent] = {"illegal": verdict.reason, "rule_ids": tuple(verdict.rule_ids), "action": action}

    # -- what the agents see ---------------------------------------------------------

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation vector and action mask (see the module)."""
        vector = np.array(self.episode.observe(self._seats[agent]), dtype=np.float32)
        mask = np.zeros(self.encoding.size, dtype=np.int8)
        if agent == self.agent_selection and not self._over:
            mask[list(self._choices)] = 1  # a list: a tuple would index several axes
        return {"observation": vector, "action_mask": mask}

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, what the agent to act sees, as text; else ``None`` and a warning."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: make the environment with 'ansi'")
            return None
        return self.episode.observation_text(self._seats[self.agent_selection])

    def svg(self, agent: str | None = None) -> str:
        """The table as ``agent`` sees it (by default the agent to act), as SVG text.

        The picture of ``state.observation(seat)``: the cards that seat may
        not see lie face down. A notebook shows it with
        ``IPython.display.SVG(env.svg())``.
        """
        state = self.episode.state
        if state is None:  # pragma: no cover - Episode.start always deals
            raise InvalidArgumentError("the cards are not dealt yet")
        seat = self._seats[self.agent_selection if agent is None else agent]
        return _svg_table(state.observation(seat))

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


raw_env = CardrulesEnv
"""The environment without wrappers (PettingZoo's name for it)."""


def env(
    game_name: str, render_mode: str | None = None, **options: object
) -> AECEnv[str, Observation, int | None]:
    """The environment of ``game_name`` with its options, wrapped as PettingZoo's classic games are.

    The wrappers assert that each action lies in the action space and that
    :meth:`~CardrulesEnv.reset` comes first; ``env(...).unwrapped`` is the
    :class:`CardrulesEnv`.
    """
    made: AECEnv[str, Observation, int | None] = CardrulesEnv(game_name, render_mode=render_mode, **options)
    made = wrappers.AssertOutOfBoundsWrapper(made)
    return wrappers.OrderEnforcingWrapper(made)
