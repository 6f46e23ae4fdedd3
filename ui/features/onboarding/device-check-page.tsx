import { LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { PSEUDONYM_KEY, readLocal, REGISTERED_KEY, writeLocal } from '../../lib/device-identity';
import { fetchDevicePseudonym } from './api/registration';

/**
 * A device registered here (pseudonym stored) goes home; otherwise the server is asked
 * (a sign-in links the device there). Unregistered devices, and any failure, go to /auth.
 */
const DeviceCheckPage = () => {
  const navigate = useNavigate();
  useEffect(() => {
    if (readLocal(REGISTERED_KEY) === 'true' && readLocal(PSEUDONYM_KEY)) {
      navigate('/home', { replace: true });
      return;
    }
    let cancelled = false;
    fetchDevicePseudonym()
      .then(({ pseudonym }) => {
        if (cancelled) return;
        writeLocal(PSEUDONYM_KEY, pseudonym);
        writeLocal(REGISTERED_KEY, 'true');
        navigate('/home', { replace: true });
      })
      .catch(() => {
        if (!cancelled) navigate('/auth', { replace: true });
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
