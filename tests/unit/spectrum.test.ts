import { describe, expect, it } from 'vitest';
import {
  SPECTRUM_MAX,
  SPECTRUM_MIN,
  spectrumSide,
  spectrumText,
} from '../../domain/contracts/spectrum';

describe('spectrum self-placement', () => {
  it('splits −100…100 into left, center and right thirds at ±33', () => {
    expect(spectrumSide(-100)).toBe('left');
    expect(spectrumSide(-34)).toBe('left');
    expect(spectrumSide(-33)).toBe('center');
    expect(spectrumSide(0)).toBe('center');
    expect(spectrumSide(33)).toBe('center');
    expect(spectrumSide(34)).toBe('right');
    expect(spectrumSide(100)).toBe('right');
  });

  it('gives each side the same number of positions', () => {
    const counts = { left: 0, center: 0, right: 0 };
    for (let p = SPECTRUM_MIN; p <= SPECTRUM_MAX; p++) counts[spectrumSide(p)]++;
    expect(counts).toEqual({ left: 67, center: 67, right: 67 });
  });

  it('reads as the spec names the sides, and N/A when skipped', () => {
    expect(spectrumText(null)).toBe('N/A');
    expect(spectrumText(0)).toBe('Moderate (0)');
    expect(spectrumText(-60)).toBe('Progressive (−60)');
    expect(spectrumText(100)).toBe('Conservative (100)');
  });
});
