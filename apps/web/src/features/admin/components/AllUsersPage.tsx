import type { User } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { useState } from 'react';
import { Confirm } from '../../../components/Confirm';
import { DataTable, type Column } from '../../../components/DataTable';
import { ListSection } from '../../../components/QueryState';
import { errorMessage, useToast } from '../../../lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/list-users';

function ConfirmDelete({ user, onClose }: { user: User; onClose: () => void }) {
  const remove = useDeleteUser();
  const toast = useToast();
  return (
    <Confirm
      title={`Delete ${user.name}?`}
      action="Delete"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(user._id, {
          onSuccess: () => {
            toast.success('Deleted Successfully');
            onClose();
          },
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
      onClose={onClose}
    >
      <p>
        This removes {user.email}, their sign-in account and their listings, and cancels their unpaid
        bookings.
      </p>
    </Confirm>
  );
}

/** /dashboard/users (admins): every user; admins cannot be deleted, so they get no Delete button. */
export function AllUsersPage() {
  const users = useUsers();
  const [deleting, setDeleting] = useState<User | null>(null);
  const columns: Column<User>[] = [
    { header: 'Name', cell: (user) => user.name },
    { header: 'Email', cell: (user) => user.email },
    { header: 'Role', cell: (user) => user.role },
    {
      header: 'Action',
      cell: (user) =>
        user.role === 'admin' ? null : (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Delete ${user.name}`}
            onPress={() => setDeleting(user)}
          >
            Delete
          </Button>
        ),
    },
  ];
  return (
    <>
      <ListSection skeleton="rows" title="All Users" query={users} label="users" empty="No users yet.">
        {({ items }) => <DataTable label="Users table" rows={items} columns={columns} />}
      </ListSection>
      {deleting ? <ConfirmDelete user={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
