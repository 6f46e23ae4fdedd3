/**
 * The icons Boon uses, named for what they mean here (lucide, imported one by one so only
 * these reach the bundle). Icons sit beside a text label, or carry an aria-label.
 */
export {
  House as HomeIcon,
  Library as QuestionsIcon,
  NotebookPen as ResponsesIcon,
  Lightbulb as SubmitIcon,
  Compass as MiniIcon,
  CircleUserRound as ProfileIcon,
  Radio as EchoIcon,
  MessageCircleReply as ReplyIcon,
  Trash2 as DeleteIcon,
  Share2 as ShareIcon,
  Sun as LightThemeIcon,
  Moon as DarkThemeIcon,
  RefreshCw as RetryIcon,
  ArrowRight as ForwardIcon,
  ArrowLeft as BackIcon,
  Maximize2 as ReadIcon,
  X as CloseIcon,
  Send as SendIcon,
  Settings as SettingsIcon,
  MessagesSquare as DiscussionIcon,
  Flame as StreakIcon,
  Flag as ReportIcon,
  Bell as BellIcon,
  CheckCheck as MarkReadIcon,
} from 'lucide-react';
