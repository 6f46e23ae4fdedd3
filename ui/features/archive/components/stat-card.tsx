import { Card } from '../../../components/ui/card';

/** One figure on a stats row. */
export const StatCard = ({ label, value }: { label: string; value: number }) => (
  <Card padding="sm" className="text-center">
    <p className="text-headline font-semibold">{value}</p>
    <p className="text-small text-ink-muted">{label}</p>
  </Card>
);
