import type { ArchetypeDto } from '../../../../domain/contracts/mini';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';

/** Share Your Journey: the Web Share API where there is one, else the text and link copied. */
export const ShareJourney = ({ archetype }: { archetype: ArchetypeDto }) => {
  const { toast } = useToast();
  const share = async () => {
    const url = window.location.href;
    const text = `My path through today’s dilemma on Boon made me ${archetype.name}.`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'My Boon journey', text, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(`${text} ${url}`);
      toast({ title: 'Copied to clipboard', description: 'Paste it wherever you like.' });
    } catch {
      toast({
        title: 'Couldn’t copy',
        description: 'Your browser did not allow copying. Copy the address bar instead.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()}>
      Share Your Journey
    </Button>
  );
};
