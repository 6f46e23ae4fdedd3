import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/session';

/** Mini needs a signed-in account: without a session, off to /auth. True once one is there. */
export const useRequireSession = (): boolean => {
  const navigate = useNavigate();
  const { loading, session } = useAuth();
  useEffect(() => {
    if (!loading && !session) navigate('/auth', { replace: true });
  }, [loading, session, navigate]);
  return session !== null;
};
