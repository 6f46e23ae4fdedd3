import { useForm } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '../../../../domain/contracts/auth';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormTextField } from '../../../components/ui/form-fields';
import { SkeletonList } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { useAddAdmin, useAdmins, useRemoveAdmin } from '../api/admin-admins';

type NewAdmin = { username: string; password: string };

const AddAdminForm = () => {
  const { toast } = useToast();
  const add = useAddAdmin();
  const form = useForm<NewAdmin>({ defaultValues: { username: '', password: '' } });
  return (
    <Form
      form={form}
      aria-labelledby="add-admin"
      onSubmit={async ({ username, password }) => {
        await add.mutateAsync({ username: username.trim(), password });
        toast({ title: 'Admin Added', description: `${username.trim()} can sign in now.` });
        form.reset();
      }}
      failureTitle="Admin not added"
      className="flex max-w-md flex-col gap-3"
      footer={
        <div>
          <SubmitButton control={form.control} pending="Adding…">
            Add Admin
          </SubmitButton>
        </div>
      }
    >
      <h2 id="add-admin" className="text-title font-semibold">
        Add an admin
      </h2>
      <FormTextField
        control={form.control}
        name="username"
        label="Username"
        autoComplete="off"
        rules={{ validate: (name: string) => name.trim() !== '' || 'Please fill in all fields' }}
      />
      <FormTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        rules={{
          required: 'Please fill in all fields',
          minLength: {
            value: PASSWORD_MIN_LENGTH,
            message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
          },
        }}
      />
    </Form>
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
                          description: failureText(err),
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
