import type { Role, User } from '@recell/api';
import { Badge } from '@recell/ui/Badge';
import { Button } from '@recell/ui/Button';
import { Select } from '@recell/ui/Select';
import { visuallyHidden } from '@recell/ui/theme';
import { useState } from 'react';
import { Confirm } from '../../../components/Confirm';
import { DataTable, type Column } from '../../../components/DataTable';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { errorMessage, useToast } from '../../../lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { useUsers, type RoleFilter } from '../api/list-users';
import { useSetSellerVerified } from '../api/set-seller-verified';
import { SearchBox } from '../../../components/SearchBox';
import { useFilterParam, useWordsParam } from '../use-filter-param';
import { RoleLookup } from './RoleLookup';
import * as styles from './admin.css';

const ROLES: { id: RoleFilter; label: string }[] = [
  { id: 'all', label: 'Everyone' },
  { id: 'buyer', label: 'Buyers' },
  { id: 'seller', label: 'Sellers' },
  { id: 'admin', label: 'Admins' },
];

const roleWords: Record<Role, string> = { buyer: 'Buyer', seller: 'Seller', admin: 'Admin' };

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

/** Verify / Unverify a seller: the same button (focus stays on it), its words say what pressing it does. */
function VerifyButton({ user }: { user: User }) {
  const verify = useSetSellerVerified();
  const toast = useToast();
  const next = !user.verified;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`${next ? 'Verify' : 'Unverify'} ${user.name}`}
      isPending={verify.isPending}
      onPress={() =>
        verify.mutate(
          { id: user._id, verified: next },
          {
            onSuccess: () =>
              toast.success(next ? `${user.name} is verified` : `${user.name} is no longer verified`),
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
    >
      {next ? 'Verify' : 'Unverify'}
    </Button>
  );
}

/** Part of a name or an email (`?q=`): Enter or Find sends it. */
function FindUser({ words, onFind }: { words: string; onFind: (words: string) => void }) {
  const [typed, setTyped] = useState(words);
  return (
    <form
      role="search"
      aria-label="Find a user"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        onFind(typed);
      }}
    >
      <SearchBox label="Name or email" value={typed} onChange={setTyped} />
      <Button type="submit" variant="secondary">
        Find
      </Button>
    </form>
  );
}

/**
 * /dashboard/users (admins): every user, newest first, in pages, optionally of one role (`?role=`) or found by
 * part of a name or email (`?q=`). Sellers can be verified (their listings show the Verified badge); admins
 * cannot be deleted, so they get no Delete button.
 */
export function AllUsersPage() {
  const [role, setRole] = useFilterParam(
    'role',
    ROLES.map((option) => option.id),
    'all',
  );
  const [words, setWords] = useWordsParam('q');
  const paging = usePageParam();
  const users = useUsers(role, paging.page, words);
  const [deleting, setDeleting] = useState<User | null>(null);
  const columns: Column<User>[] = [
    { header: 'Name', cell: (user) => user.name },
    { header: 'Email', cell: (user) => user.email },
    { header: 'Role', cell: (user) => roleWords[user.role] },
    {
      header: 'Verified',
      cell: (user) =>
        user.role !== 'seller' ? (
          <>
            <span aria-hidden="true">—</span>
            <span className={visuallyHidden}>Not a seller</span>
          </>
        ) : user.verified ? (
          <Badge status="verified" />
        ) : (
          'Not verified'
        ),
    },
    {
      header: 'Action',
      cell: (user) =>
        user.role === 'admin' ? null : (
          <div className={styles.actions}>
            {user.role === 'seller' ? <VerifyButton user={user} /> : null}
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Delete ${user.name}`}
              onPress={() => setDeleting(user)}
            >
              Delete
            </Button>
          </div>
        ),
    },
  ];
  return (
    <>
      <ListSection
        skeleton="rows"
        title="All Users"
        query={users}
        paging={paging}
        label="users"
        empty={
          words
            ? `No user’s name or email holds “${words}”.`
            : role === 'all'
              ? 'No users yet.'
              : `No ${roleWords[role as Role].toLowerCase()}s yet.`
        }
        controls={
          <div className={styles.filters}>
            <FindUser key={words} words={words} onFind={setWords} />
            <Select
              label="Role"
              options={ROLES}
              selectedKey={role}
              onSelectionChange={(key) => setRole((key as RoleFilter | null) ?? 'all')}
            />
          </div>
        }
      >
        {({ items }) => <DataTable label="Users table" rows={items} columns={columns} />}
      </ListSection>
      <RoleLookup />
      {deleting ? <ConfirmDelete user={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
