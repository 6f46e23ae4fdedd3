import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SkeletonList } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useAddAdmin, useAdmins, useRemoveAdmin } from '../api/admin-admins';
import { detailOf } from './question-parts';

const AddAdminForm = () => {
  const { toast } = useToast();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddAdmin();
  return (
    <form
      className="flex max-w-md flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!username.trim() || !password) {
          setError('Please fill in all fields');
          return;
        }
        if (password.length < 8) {
          setError('Password must be at least 8 characters long');
          return;
        }
        setError(null);
        add.mutate(
          { username: username.trim(), password },
          {
            onSuccess: () => {
              toast({ title: 'Admin Added', description: `${username.trim()} can sign in now.` });
              setUsername('');
              setPassword('');
            },
            onError: (err) => setError(detailOf(err)),
          },
        );
      }}
    >
      <h2 className="text-title font-semibold">Add an admin</h2>
      <TextField label="Username" value={username} onValueChange={setUsername} autoComplete="off" />
      <TextField
        label="Password"
        type="password"
        value={password}
        onValueChange={setPassword}
        autoComplete="new-password"
        error={error}
      />
      <div>
        <Button type="submit" disabled={add.isPending}>
          Add Admin
        </Button>
      </div>
    </form>
  );
};

/** Who the admins are; an admin adds others and removes them (never themselves or the last). */
export const AdminsTab = () => {
  const { toast } = useToast();
  const admins = useAdmins();
  const remove = useRemoveAdmin();
  return (
    <div className="flex flex-col gap-6">
      {admins.isPending ? (
        <SkeletonList count={2} label="Loading admins" />
      ) : admins.isError ? (
        <p role="alert">Failed to load admins</p>
      ) : (
        <ul aria-label="Admins" className="flex max-w-md flex-col gap-2">
          {admins.data.map((a) => (
            <Card as="li" key={a.username} padding="sm" className="flex items-center gap-2">
              <span className="font-semibold">{a.username}</span>
              {a.configured && <Badge>first admin</Badge>}
              {a.isYou && <Badge tone="accent">you</Badge>}
              {!a.isYou && admins.data.length > 1 && (
                <ConfirmDialog
                  trigger={
                    <Button size="sm" variant="ghost" className="ml-auto">
                      Remove
                    </Button>
                  }
                  title={`Remove ${a.username}?`}
                  description="Their sessions end and they can no longer sign in."
                  confirmLabel="Remove"
                  onConfirm={() =>
                    remove.mutate(a.username, {
                      onSuccess: () => toast({ title: 'Admin Removed' }),
                      onError: (err) =>
                        toast({
                          title: 'Failed to remove admin',
                          description: detailOf(err),
                          variant: 'destructive',
                        }),
                    })
                  }
                />
              )}
            </Card>
          ))}
        </ul>
      )}
      <AddAdminForm />
    </div>
  );
};
