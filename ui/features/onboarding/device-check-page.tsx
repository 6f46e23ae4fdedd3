import { LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { takeDeviceCheck } from './api/device-check';

/**
 * A device registered here (pseudonym stored) goes home; otherwise the server is asked
 * (a sign-in links the device there), usually already while the splash faded out.
 * Unregistered devices, and any failure, go to /auth.
 */
const DeviceCheckPage = () => {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void takeDeviceCheck().then((next) => {
      if (!cancelled) navigate(next, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-20 text-center">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-accent-ink" />
      <p className="text-lead text-ink-muted">Checking device registration...</p>
    </div>
  );
};

export default DeviceCheckPage;
