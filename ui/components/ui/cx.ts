/** Joins the class names that apply; false, null and undefined drop out. */
export const cx = (...parts: (string | false | null | undefined)[]) =>
  parts.filter(Boolean).join(' ');
