import { spectrumText } from '../../domain/contracts/spectrum';

/**
 * Where the reader placed themselves when answering (shown on their own answers only), in
 * words: a skipped placement says so rather than 'N/A'.
 */
export const SpectrumPosition = ({ position }: { position: number | null }) => (
  <p className="text-caption text-ink-muted">
    {position === null ? (
      'You did not place yourself on the spectrum.'
    ) : (
      <>
        Your place on the spectrum:{' '}
        <span className="font-medium text-ink">{spectrumText(position)}</span>
      </>
    )}
  </p>
);
