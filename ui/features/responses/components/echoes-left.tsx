import { EchoIcon } from '../../../components/ui/icons';
import { useEchoUsage } from '../api/get-echo-usage';

/** Where echoing happens: how many echoes the person has left today, out of the day's limit. */
export const EchoesLeft = () => {
  const usage = useEchoUsage();
  if (!usage.data) return null;
  const { remaining, dailyLimit, resetsAt } = usage.data;
  return (
    <p
      className="flex items-center gap-1.5 text-small text-ink-muted"
      title={`Resets at ${resetsAt}`}
    >
      <EchoIcon aria-hidden="true" className="size-4" />
      Echoes left today: {remaining} of {dailyLimit}
    </p>
  );
};
