import { Link } from 'react-router-dom';

/** Screens whose issue has not landed yet say so plainly. */
export const PlaceholderPage = ({ name }: { name: string }) => (
  <section className="py-12 text-center">
    <h1 className="text-2xl font-semibold">{name}</h1>
    <p className="mt-2 text-stone-600 dark:text-stone-300">{name} is coming soon.</p>
    {name === 'Profile' && (
      <p className="mt-4">
        <Link to="/settings" className="text-amber-800 underline dark:text-amber-400">
          Settings
        </Link>
      </p>
    )}
    <Link to="/home" className="mt-4 inline-block text-amber-800 underline dark:text-amber-400">
      Back to today’s question
    </Link>
  </section>
);

export const NotFoundPage = () => (
  <section className="py-12 text-center">
    <h1 className="text-3xl font-bold">404 Page Not Found</h1>
    <p className="mt-2 text-stone-600 dark:text-stone-300">There is nothing at this address.</p>
    <Link to="/home" className="mt-4 inline-block text-amber-800 underline dark:text-amber-400">
      Go to today’s question
    </Link>
  </section>
);
