/*
 * The search's scorer (html_search_scorer, set by tablegames_pictures): Sphinx's own
 * scores, plus one change to how a ruling is listed. A ruling ID ("TOE-51", or "TOE51")
 * finds the ruling through its index entry, and Sphinx labels an index entry with the
 * title of its page: every ruling of a game would read "Toepen rulings". A player
 * searching for an ID wants to see which ruling it is, so an index result whose anchor
 * is a ruling ID is labelled with the ruling's own heading ("TOE-51: What a fold costs",
 * in the language of the build).
 */
var Scorer = {
  score: (result) => {
    const [docname, , anchor, , score, , kind] = result;
    if (kind === "index" && /^#[A-Z][A-Z0-9]{1,5}-\d\d$/.test(anchor || "")) {
      const file = Search._index.docnames.indexOf(docname);
      for (const [heading, places] of Object.entries(Search._index.alltitles)) {
        if (places.some(([f, id]) => f === file && "#" + id === anchor)) {
          result[1] = heading;
          break;
        }
      }
    }
    return score;
  },

  // Sphinx's defaults (searchtools.js), which a scorer of our own replaces as a whole
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: {
    0: 15,
    1: 5,
    2: -5,
  },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
