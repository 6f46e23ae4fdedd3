/**
 * Spectrum self-placement: when answering, an author may place themselves between
 * Progressive (−100) and Conservative (100). It is optional; a skipped placement is null and
 * shows as 'N/A'. The scale splits into thirds, and these thresholds are the only definition
 * of left, center and right (the UI, the sentiment figures and the pairing read them here).
 */
export const SPECTRUM_MIN = -100;
export const SPECTRUM_MAX = 100;
/** Positions from −33 to 33 are center; below is left, above is right. */
export const SPECTRUM_CENTER_LIMIT = 33;

export const SPECTRUM_SIDES = ['left', 'center', 'right'] as const;
export type SpectrumSide = (typeof SPECTRUM_SIDES)[number];

export const SPECTRUM_LABELS: Record<SpectrumSide, string> = {
  left: 'Progressive',
  center: 'Moderate',
  right: 'Conservative',
};

export const spectrumSide = (position: number): SpectrumSide =>
  position < -SPECTRUM_CENTER_LIMIT
    ? 'left'
    : position > SPECTRUM_CENTER_LIMIT
      ? 'right'
      : 'center';

/** How a placement reads: 'Moderate (0)', 'Progressive (−60)', or 'N/A' when skipped. */
export const spectrumText = (position: number | null): string =>
  position === null
    ? 'N/A'
    : `${SPECTRUM_LABELS[spectrumSide(position)]} (${String(position).replace('-', '−')})`;
