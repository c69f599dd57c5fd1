"""Reading the table (issue 43), in Debian's Chromium: 1848 in the player's words (card names,
never the card file's ids; English terms; readable on the felt; what "push" does said where the
player chooses), in the page and in the terminal's text view.

Contrast is computed from the page's computed colours (WCAG 2 relative luminance); where the
background is the felt's gradient, every colour of the gradient is checked.
"""

from __future__ import annotations

import random
import re

import pytest
from server_helpers import Server
from table_helpers import CUTS_ITS_WORDS, table_page
from table_helpers import site as module_site
from test_server_browser import _create, _play_widget
from test_table_view import _shot

import garrison

site = module_site  # this module's server (table_helpers.site)

#: A card file's id: PE01–PE42, Z01–Z34, A01–A26.
CARD_ID = re.compile(r"\b(?:PE|Z|A)\d\d\b")

#: For every visible element with text of its own: its text, its colour and every colour its
#: background may show (the first painted ancestor: a colour, or a gradient's colours), and the
#: WCAG contrast ratio of the worst pair.
CONTRAST_JS = """(root) => {
  const parse = s => { const m = s.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 }; };
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const over = (top, under) => ({ r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a), a: 1 });
  function backs(node) {
    // the layers from the node out to the first opaque one, blended over each gradient colour
    const layers = [];
    for (let n = node; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      const img = cs.backgroundImage;
      if (img && img.includes("gradient")) {
        const colours = (img.match(/rgba?\\([^)]+\\)/g) || []).map(parse);
        return colours.map(base => layers.reduceRight((acc, l) => over(l, acc), { ...base, a: 1 }));
      }
      const c = parse(cs.backgroundColor);
      if (c && c.a > 0) {
        if (c.a >= 1) return [layers.reduceRight((acc, l) => over(l, acc), c)];
        layers.push(c);
      }
    }
    return [layers.reduceRight((acc, l) => over(l, acc), { r: 255, g: 255, b: 255, a: 1 })];
  }
  const out = [];
  for (const n of root.querySelectorAll("*")) {
    const own = [...n.childNodes].filter(c => c.nodeType === 3).map(c => c.textContent.trim()).join(" ").trim();
    if (!own || !n.getClientRects().length) continue;
    const cs = getComputedStyle(n);
    if (cs.visibility === "hidden" || +cs.opacity === 0) continue;
    let fg = parse(cs.color);
    const bgs = backs(n);
    const worst = Math.min(...bgs.map(b => ratio(fg.a < 1 ? over(fg, b) : fg, b)));
    out.push({ text: own.slice(0, 60), ratio: worst, tag: n.tagName, cls: n.className });
  }
  return out;
}"""

#: Everything the page shows or says: visible text, and every accessible name and tooltip.
WORDS_JS = """() => [document.body.innerText, document.querySelector('#view').textContent,
  ...[...document.querySelectorAll('[aria-label], [title]')].flatMap(n =>
    [n.getAttribute('aria-label') || '', n.getAttribute('title') || ''])].join('\\n')"""


def low_contrast(page, selector: str) -> list[dict]:  # noqa: ANN001
    """The texts under ``selector`` whose contrast with their background is below 4.5:1."""
    found = page.eval_on_selector(selector, CONTRAST_JS)
    return [f for f in found if f["ratio"] < 4.5]


def _ids_in(page) -> list[str]:  # noqa: ANN001
    return sorted(set(CARD_ID.findall(page.evaluate(WORDS_JS))))


def test_1848_speaks_of_cards_by_name_in_english_readable_on_the_felt(site: Server, browser) -> None:  # noqa: ANN001
    with table_page(browser) as page:
        _create(page, site.base, "1848", [], {"players": "2"})
        page.wait_for_selector("#bottom .card.wide")
        rng = random.Random(8)
        chose = False
        for _ in range(14):
            assert not _ids_in(page), _ids_in(page)
            # a hand card that can be played or pushed: the choice, in words, readable
            two = page.query_selector("#bottom button.card[data-ids*=' ']")
            if two and not chose and not page.inner_text("#result"):
                n = page.evaluate("window.garrisonView.n")
                two.click()
                page.wait_for_selector("#chooser button.verb")
                chose = True
                prompt = page.locator("#chooser .prompt")
                assert prompt.is_visible() and prompt.inner_text().strip()
                assert not low_contrast(page, "#chooser"), low_contrast(page, "#chooser")
                verbs = page.locator("#chooser button.verb[data-id]")
                said = verbs.all_inner_texts()
                push = [t for t in said if t.lower().startswith("push")]
                assert push and "stay in the round" in push[0], said
                # laid out: the prompt above, the buttons below it, none wider than the box
                box = page.eval_on_selector("#chooser", "n => n.getBoundingClientRect().toJSON()")
                top = page.eval_on_selector("#chooser .prompt", "n => n.getBoundingClientRect().bottom")
                for b in page.eval_on_selector_all("#chooser button", "bs => bs.map(b => b.getBoundingClientRect().toJSON())"):
                    assert b["top"] >= top - 1 and b["right"] <= box["right"] + 1, (b, box)
                assert not _ids_in(page), _ids_in(page)
                _shot(page, "table-1848-choice.png")
                verbs.first.click()
                page.wait_for_function(f"window.garrisonView.n > {n}", timeout=30_000)
                continue
            if not _play_widget(page, rng):
                break
        assert chose, "no hand card offered both play and push"
        assert not _ids_in(page), _ids_in(page)
        felt = page.locator("#felt")
        bad = low_contrast(page, "#felt")
        assert not bad, bad
        # one language: the original's German terms only in the glossary, never as the words
        # of the table or the log
        table_words = page.evaluate("""() => { const f = document.querySelector('#felt').cloneNode(true);
            f.querySelectorAll('.legend, .sub').forEach(n => n.remove()); return f.innerText; }""")
        log = page.inner_text("#log")
        for german in ("Ablaufkarte", "Zusatz", "zusatz", "Stich", "Patt", "Personenkarte"):
            assert german not in table_words and german not in log, german
        assert felt.is_visible()
        help_text = page.inner_text("#howto")
        assert "Ablaufkarte = round card" in help_text and "Zusatzkarte = event card" in help_text


@pytest.mark.parametrize(("width", "shot"), [(1280, "table-1848-pushed.png"), (375, "table-phone-1848-pushed.png")])
def test_1848_says_on_the_felt_which_card_you_pushed(site: Server, browser, width: int, shot: str) -> None:  # noqa: ANN001
    """A pushed card goes face down under its pile: the player who pushed it reads, at the
    table, which card lies there (and later who drew it); nobody else does."""
    with table_page(browser, width=width, height=900 if width > 400 else 812) as page:
        _create(page, site.base, "1848", [], {"players": "2"})
        page.wait_for_selector("#bottom .card.wide")
        assert not page.query_selector("#facts")  # nothing pushed yet
        rng = random.Random(3)
        pushed = None
        for _ in range(20):
            two = page.query_selector("#bottom button.card[data-ids*=' ']")
            if two and not page.inner_text("#result"):
                name = two.get_attribute("aria-label") or two.get_attribute("title") or ""
                n = page.evaluate("window.garrisonView.n")
                two.click()
                push = page.locator("#chooser button.verb[data-id]", has_text="Push")
                push.first.click()
                page.wait_for_function(f"window.garrisonView.n > {n}", timeout=30_000)
                pushed = name
                break
            if not _play_widget(page, rng):
                break
        assert pushed, "no hand card could be pushed"
        facts = page.locator("#facts")
        facts.wait_for()
        said = facts.inner_text()
        view = page.evaluate("window.garrisonView")
        cards = garrison.load("1848", players=2).cards
        from garrison.games.revolution1848.words import card_name

        names = [card_name(cards, c) for _pile, _pos, c in view["obs"]["my_pushed"]]
        assert names and all(name in said for name in names), (said, names)
        assert names[0] in pushed  # the card clicked is the card said
        assert "You pushed under the" in said and not _ids_in(page)
        assert not low_contrast(page, "#facts"), low_contrast(page, "#facts")
        right = page.eval_on_selector("#facts", "n => n.getBoundingClientRect().right")
        assert right <= width + 1
        _shot(page, shot)


#: Every card given, drawn by the page's own ``cardNode`` into the hand's row; the names of those
#: that cut off their words (``CUTS_ITS_WORDS``).
CUT_CARDS_JS = f"""async (faces) => {{
  const {{ cardNode }} = await import('/static/cards.js');
  const row = document.querySelector('#bottom .cards');
  const nodes = faces.map(f => cardNode(f, null, () => {{}}));
  row.append(...nodes);
  const cut = nodes.filter({CUTS_ITS_WORDS}).map(c => c.getAttribute('aria-label'));
  nodes.forEach(n => n.remove());
  return cut;
}}"""


@pytest.mark.parametrize("width", [1280, 375])
def test_every_1848_card_shows_its_words_whole(site: Server, browser, width: int) -> None:  # noqa: ANN001
    """Each of 1848's cards, person, event and army, drawn as the table draws it: its band,
    name, German title, value and effect all inside the card (on a phone the longest were cut
    off at the bottom)."""
    from garrison.games.revolution1848.widgets import card_face

    game = garrison.load("1848")
    faces = [card_face(game, c) for c in range(len(game.cards.name))]
    with table_page(browser, width=width, height=900 if width > 400 else 812) as page:
        _create(page, site.base, "1848", [], {"players": "2"})
        page.wait_for_selector("#bottom .card.wide")
        cut = page.evaluate(CUT_CARDS_JS, faces)
        assert not cut, cut


def test_1848_moves_are_read_by_name_and_the_ids_still_parse() -> None:
    """The terminal's words (``garrison play``): the legal moves, the text view and the log name
    cards, never their ids; the older notation by id is still read, to the same move."""
    game = garrison.load("1848", players=3)
    state = game.new_initial_state()
    rng = random.Random(5)
    old_seen: set[str] = set()
    for _ in range(150):
        if state.is_terminal():
            break
        if state.current_player() == garrison.CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
            continue
        seat = state.current_player()
        text = game.render(state.observation(seat))
        assert not CARD_ID.search(text), CARD_ID.findall(text)
        for a in state.legal_actions():
            words = state.action_to_string(a)
            assert not CARD_ID.search(words), words
            assert state.parse_action(words) == a
            old = state._id_notation(a)
            if old:
                assert state.parse_action(old) == a, old
                old_seen.add(old.split()[0])
        # a refused move is explained in the same words
        legal = set(state.legal_actions())
        for a in rng.sample(range(game.num_distinct_actions), 12):
            if a in legal:
                continue
            with pytest.raises(garrison.GameError) as refused:
                state.apply_action(a)
            assert not CARD_ID.search(str(refused.value)), str(refused.value)
        state.apply_action(rng.choice(state.legal_actions()))
    assert {"play", "draw"} <= old_seen, old_seen
