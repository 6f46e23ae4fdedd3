/**
 * The web fonts' style sheet (ui/fonts.css), a file of its own that nothing on the first paint
 * waits for: a prerendered page's loader asks for it once the page has painted (ui/index.html),
 * and the app imports this module when it starts (ui/main.tsx), which asks for it wherever the
 * loader did not (the development server; a shell painted by the app). The text is drawn in
 * metric-matched local faces until then (ui/styles.css), so the swap does not move the page.
 */
import '../fonts.css';
