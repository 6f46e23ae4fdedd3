import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { ForwardIcon } from '../../components/ui/icons';
import { LogoMark } from '../../components/ui/logo';
import { checkDevice } from './api/device-check';

/**
 * Title fades in after 200 ms (in CSS: on time in the prerendered page, before any code);
 * Enter fades out and moves on to the device check after 400 ms, which it starts at once.
 */
const SplashPage = () => {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const handleEnter = () => {
    setLeaving(true);
    void checkDevice();
    setTimeout(() => navigate('/device-check'), 400);
  };
  return (
    <main
      className={`relative flex min-h-dvh flex-col items-center justify-center gap-6 overflow-hidden px-6 text-center transition-opacity duration-400 ${
        leaving ? 'opacity-0' : 'opacity-100'
      }`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 400 400"
        className="pointer-events-none absolute top-1/2 left-1/2 w-[44rem] max-w-none -translate-x-1/2 -translate-y-1/2"
        fill="none"
      >
        <circle cx="168" cy="200" r="150" strokeWidth="1.5" className="stroke-line" />
        <circle cx="232" cy="200" r="150" strokeWidth="1.5" className="stroke-line" />
        <path
          d="M200 69a150 150 0 0 1 0 262 150 150 0 0 1 0-262z"
          className="fill-accent-soft/60"
        />
      </svg>
      <LogoMark className="relative size-16" />
      <h1 className="title-in relative font-serif text-[3.5rem] leading-none font-semibold tracking-tight">
        Boon
      </h1>
      <p className="relative text-lead text-ink-muted">Thoughtful Dialogue • Ethical Exploration</p>
      <Button onClick={handleEnter} className="relative mt-2 min-w-40">
        Enter
        <ForwardIcon aria-hidden="true" />
      </Button>
    </main>
  );
};

export default SplashPage;
