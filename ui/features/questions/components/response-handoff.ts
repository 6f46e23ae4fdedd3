/**
 * What a person did in the answer box before the form's code arrived (./response-composer),
 * handed to the form so nothing they did is lost: the text, the placement, a Share they
 * pressed, and where the focus (and the caret) was.
 */
export type Handoff = {
  content: string;
  spectrumPosition: number | null;
  submit: boolean;
  focus: { control: number; selection: [number, number] | null } | null;
};

const CONTROLS = 'textarea, button, input, [role="slider"]';

/** Which of the container's controls has the focus (by its place among them), and its caret. */
export const focusIn = (container: HTMLElement | null): Handoff['focus'] => {
  const active = document.activeElement;
  if (!container || !(active instanceof HTMLElement) || !container.contains(active)) return null;
  const control = [...container.querySelectorAll(CONTROLS)].indexOf(active);
  if (control < 0) return null;
  const selection: [number, number] | null =
    active instanceof HTMLTextAreaElement ? [active.selectionStart, active.selectionEnd] : null;
  return { control, selection };
};

/** Puts the focus (and the caret) back on the control in the same place of the new container. */
export const restoreFocus = (container: HTMLElement | null, focus: Handoff['focus']) => {
  if (!container || !focus) return;
  const target = container.querySelectorAll<HTMLElement>(CONTROLS)[focus.control];
  if (!target) return;
  target.focus();
  if (focus.selection && target instanceof HTMLTextAreaElement) {
    target.setSelectionRange(...focus.selection);
  }
};
