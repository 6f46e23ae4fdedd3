import { Suspense, useEffect, useId, useRef } from 'react';
import {
  SPECTRUM_LABELS,
  SPECTRUM_MAX,
  SPECTRUM_MIN,
  SPECTRUM_SIDES,
  spectrumText,
} from '../../../../domain/contracts/spectrum';
import { Button } from '../../../components/ui/button';
import { lazyComponent } from '../../../lib/lazy-component';

/** Most people answer without placing themselves: the slider's code comes when asked for. */
const Slider = lazyComponent(() =>
  import('../../../components/ui/slider').then((m) => ({ default: m.Slider })),
).Component;

/**
 * The optional self-placement on the answer: Progressive – Moderate – Conservative. Nothing is
 * placed until the author asks to; they can take it back before sharing. Keyboard: the
 * slider's arrows step by 1, Page Up/Down by 10, Home/End go to the ends.
 */
export const SpectrumPicker = ({
  value,
  onChange,
  disabled,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
}) => {
  const id = useId();
  const box = useRef<HTMLFieldSetElement>(null);
  const moveFocus = useRef<'slider' | 'place' | null>(null);
  useEffect(() => {
    const target = moveFocus.current;
    moveFocus.current = null;
    if (!target) return;
    // The slider arrives in its own chunk and its thumb shows once measured: keep looking
    // for a moment, a frame at a time.
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const element = box.current?.querySelector<HTMLElement>(
        target === 'slider' ? '[role=slider]:not([style*="display: none"])' : '[data-place]',
      );
      if (element) element.focus();
      else if (tries++ < 120) frame = requestAnimationFrame(focus);
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [value]);
  const place = () => {
    moveFocus.current = 'slider';
    onChange(0);
  };
  const skip = () => {
    moveFocus.current = 'place';
    onChange(null);
  };
  return (
    <fieldset
      ref={box}
      disabled={disabled}
      aria-describedby={`${id}-hint`}
      className="rounded-lg border border-line bg-surface-sunken/60 p-4"
    >
      <legend className="px-1 text-small font-semibold">
        Spectrum Position <span className="font-normal text-ink-muted">(optional)</span>
      </legend>
      <p id={`${id}-hint`} className="text-small text-ink-muted">
        Where do you stand on this question? Only anonymous totals are shown to others.
      </p>
      {value === null ? (
        <Button variant="secondary" size="sm" className="mt-3" onClick={place} data-place>
          Place myself on the spectrum
        </Button>
      ) : (
        <div className="mt-2">
          <Suspense fallback={<div aria-hidden="true" className="h-10" />}>
            <Slider
              value={value}
              onValueChange={onChange}
              min={SPECTRUM_MIN}
              max={SPECTRUM_MAX}
              label="Spectrum position"
              valueText={spectrumText(value)}
              describedBy={`${id}-hint`}
            />
          </Suspense>
          <div aria-hidden="true" className="grid grid-cols-3 text-caption text-ink-muted">
            {SPECTRUM_SIDES.map((side) => (
              <span
                key={side}
                className={
                  side === 'left' ? 'text-left' : side === 'center' ? 'text-center' : 'text-right'
                }
              >
                {SPECTRUM_LABELS[side]}
              </span>
            ))}
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <p className="text-small">
              You: <strong className="font-semibold">{spectrumText(value)}</strong>
            </p>
            <Button variant="ghost" size="sm" onClick={skip}>
              Skip: don’t place me
            </Button>
          </div>
        </div>
      )}
    </fieldset>
  );
};
