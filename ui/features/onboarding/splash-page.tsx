import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** Title fades in after 200 ms; Enter fades out and moves on to the device check after 400 ms. */
const SplashPage = () => {
  const navigate = useNavigate();
  const [shown, setShown] = useState(false);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 200);
    return () => clearTimeout(timer);
  }, []);
  const handleEnter = () => {
    setLeaving(true);
    setTimeout(() => navigate('/device-check'), 400);
  };
  return (
    <main
      className={`flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center transition-opacity duration-400 ${
        leaving ? 'opacity-0' : 'opacity-100'
      }`}
    >
      <h1
        className={`text-5xl font-bold text-amber-800 transition-opacity duration-700 dark:text-amber-400 ${
          shown ? 'opacity-100' : 'opacity-0'
        }`}
      >
        Boon
      </h1>
      <p className="text-lg text-stone-700 dark:text-stone-200">
        Thoughtful Dialogue • Ethical Exploration
      </p>
      <button
        type="button"
        onClick={handleEnter}
        className="rounded-md bg-amber-700 px-6 py-3 font-medium text-white hover:bg-amber-800"
      >
        Enter
      </button>
    </main>
  );
};

export default SplashPage;
