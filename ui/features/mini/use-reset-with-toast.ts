import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useResetResult } from './api/reset-result';

/** Reset & Retry: clears today's result (after a confirm) so the journey starts again. */
export const useResetWithToast = () => {
  const reset = useResetResult();
  const { toast } = useToast();
  return async () => {
    try {
      await reset.mutateAsync();
      toast({ title: 'Result reset successfully' });
      return true;
    } catch (error) {
      toast({
        title: 'Reset failed',
        description: error instanceof ApiError ? error.detail : 'Failed to reset your result',
        variant: 'destructive',
      });
      return false;
    }
  };
};
