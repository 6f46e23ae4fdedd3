import {
  Brain,
  HandHeart,
  Heart,
  Lightbulb,
  Sparkles,
  ThumbsUp,
  type LucideIcon,
} from 'lucide-react';
import type { ReactionEmoji } from '../../domain/contracts/reactions';

/**
 * Each reaction drawn as an icon rather than its emoji: emoji render as empty boxes where no
 * colour-emoji font is installed. The emoji stays the reaction's name in the API and the
 * figures; people see the icon and hear its meaning (the label beside it, or an aria-label).
 */
const ICONS: Record<ReactionEmoji, LucideIcon> = {
  '💡': Lightbulb,
  '🤔': Brain,
  '❤️': Heart,
  '👏': ThumbsUp,
  '🙏': HandHeart,
  '😮': Sparkles,
};

export const ReactionIcon = ({
  emoji,
  className = 'size-4',
}: {
  emoji: ReactionEmoji;
  className?: string;
}) => {
  const Icon = ICONS[emoji];
  return <Icon aria-hidden="true" className={className} />;
};
