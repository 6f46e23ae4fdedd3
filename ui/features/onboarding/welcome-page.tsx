import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { BackIcon, ForwardIcon } from '../../components/ui/icons';
import { PSEUDONYM_KEY, readLocal, REGISTERED_KEY } from '../../lib/device-identity';
import { CommunityScene, CrossroadsScene, GrowthScene, SunriseScene } from './illustrations';

const SLIDES = [
  {
    Scene: SunriseScene,
    title: 'Welcome to Boon',
    text: 'A journey of thoughtful exploration awaits',
  },
  {
    Scene: CrossroadsScene,
    title: 'Daily Dilemmas',
    text: 'Each day brings one question worth sitting with. Answer it once, in your own words.',
  },
  {
    Scene: CommunityScene,
    title: 'Community Connection',
    text: 'Read how others see it, echo the answers that move you, and reply with care.',
  },
  {
    Scene: GrowthScene,
    title: 'Personal Growth',
    text: 'Keep your streak, earn badges, and watch your own thinking change over time.',
  },
] as const;

/** The transition, then the extra moment before the buttons answer again. */
const TRANSITION_MS = 300;
const UNLOCK_MS = 100;

/**
 * Where the carousel leads: home for a device with its pseudonym; straight to choosing one
 * otherwise (home would only send it there, a page later).
 */
const journeyStart = () =>
  readLocal(REGISTERED_KEY) === 'true' && readLocal(PSEUDONYM_KEY) ? '/home' : '/setup';

/**
 * The onboarding carousel: four slides, Back/Next, locked while a slide changes; Skip (until
 * the last slide, whose Begin Your Journey does the same) leaves it at once.
 */
const WelcomePage = () => {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [locked, setLocked] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const backButton = useRef<HTMLButtonElement>(null);
  const forwardButton = useRef<HTMLButtonElement>(null);
  /** Disabled buttons drop focus; a keyboard user gets it back on the button they used. */
  const refocus = useRef<'back' | 'forward' | null>(null);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useEffect(() => {
    if (locked || !refocus.current) return;
    const back = backButton.current;
    const target =
      refocus.current === 'back' && back && !back.disabled ? back : forwardButton.current;
    target?.focus();
    refocus.current = null;
  }, [locked]);

  const go = (next: number) => {
    if (locked || next < 0 || next >= SLIDES.length) return;
    refocus.current = next > index ? 'forward' : 'back';
    setLocked(true);
    setIndex(next);
    timers.current.push(setTimeout(() => setLocked(false), TRANSITION_MS + UNLOCK_MS));
  };
  const begin = () => {
    if (locked) return;
    setLocked(true);
    setLeaving(true);
    timers.current.push(setTimeout(() => navigate(journeyStart()), TRANSITION_MS));
  };

  const slide = SLIDES[index]!;
  const last = index === SLIDES.length - 1;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Getting started"
      className={`mx-auto flex max-w-xl flex-col items-center py-4 text-center transition-opacity duration-300 sm:py-10 ${
        leaving ? 'opacity-0' : 'opacity-100'
      }`}
    >
      <div className="flex min-h-9 w-full justify-end">
        {!last && (
          <Button variant="ghost-accent" size="sm" onClick={begin} disabled={locked}>
            Skip
          </Button>
        )}
      </div>
      <div
        key={index}
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${SLIDES.length}`}
        className="slide-enter flex min-h-88 flex-col items-center"
      >
        <slide.Scene />
        <h1 className="mt-6 font-serif text-headline font-semibold tracking-tight sm:text-display">
          {slide.title}
        </h1>
        <p className="mt-3 max-w-md text-lead text-ink-muted">{slide.text}</p>
      </div>
      <p aria-live="polite" className="mt-6 text-small text-ink-muted">
        {index + 1} of {SLIDES.length}
      </p>
      <div className="mt-2 flex gap-2" aria-hidden="true">
        {SLIDES.map((s, i) => (
          <span
            key={s.title}
            className={`h-2 rounded-full transition-all ${
              i === index ? 'w-6 bg-accent' : 'w-2 bg-line-strong'
            }`}
          />
        ))}
      </div>
      <div className="mt-8 flex w-full max-w-sm gap-3">
        <Button
          ref={backButton}
          variant="secondary"
          className="flex-1"
          onClick={() => go(index - 1)}
          disabled={locked || index === 0}
        >
          <BackIcon aria-hidden="true" />
          Back
        </Button>
        {last ? (
          <Button ref={forwardButton} className="flex-[2]" onClick={begin} disabled={locked}>
            Begin Your Journey
          </Button>
        ) : (
          <Button
            ref={forwardButton}
            className="flex-[2]"
            onClick={() => go(index + 1)}
            disabled={locked}
          >
            Next
            <ForwardIcon aria-hidden="true" />
          </Button>
        )}
      </div>
    </section>
  );
};

export default WelcomePage;
