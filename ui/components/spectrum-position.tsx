import { spectrumText } from '../../domain/contracts/spectrum';

/** Where an answer's author placed themselves, as the spec words it ('N/A' when skipped). */
export const SpectrumPosition = ({ position }: { position: number | null }) => (
  <p className="text-caption text-ink-muted">
    Spectrum Position: <span className="font-medium text-ink">{spectrumText(position)}</span>
  </p>
);
