// QA's floating panel in the mocked build: who you are (a demo account per role, or a visitor) and how the mocked
// server behaves (scenarios). Collapsed to one button until opened, so it hides as little of the page as it can.
import { demoAccounts } from '@recell/api/fixtures';
import { Button } from '@recell/ui/Button';
import { Select } from '@recell/ui/Select';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Key } from 'react-aria-components';
import { useAuthActions } from '../../features/auth/use-auth-actions';
import { useSession, type SessionState } from '../../features/auth/use-session';
import { errorMessage, useToast } from '../../lib/toast';
import type { DealControls } from '../deal-controls';
import { isScenario, scenarios, type Scenario } from '../scenarios';
import { DealsSection } from './DealsSection';
import * as styles from './MockPanel.css';

export interface MockControls {
  scenario: Scenario;
  /** Answers every later request in this scenario. */
  setScenario(scenario: Scenario): void;
  /** Back to the fixtures, signed out, normal scenario (reloads the page). */
  reset(): void;
  /** Moving deals through their states and the deal clock forward. */
  deals?: DealControls;
}

const personas = [
  { id: 'visitor', label: 'Visitor (signed out)' },
  { id: 'buyer', label: `Buyer (${demoAccounts.buyer.email})` },
  { id: 'seller', label: `Seller (${demoAccounts.seller.email})` },
  { id: 'admin', label: `Admin (${demoAccounts.admin.email})` },
] as const;

type Persona = (typeof personas)[number]['id'];
type Role = Exclude<Persona, 'visitor'>;

const isRole = (key: Key | null): key is Role => key === 'buyer' || key === 'seller' || key === 'admin';

/** The persona the session is, or null for someone who is not a demo account (a new sign-up). */
function personaOf({ status, session }: SessionState): Persona | null {
  if (status === 'signed-out') return 'visitor';
  if (!session) return null;
  const role = session.role;
  return demoAccounts[role].email === session.user.email ? role : null;
}

export function MockPanel({ controls }: { controls: MockControls }) {
  const [open, setOpen] = useState(false);
  const [scenario, setScenario] = useState(controls.scenario);
  const bodyId = useId();
  const sessionState = useSession();
  const { signIn, signOut } = useAuthActions();
  const queryClient = useQueryClient();
  const toast = useToast();
  const persona = personaOf(sessionState);
  const who = sessionState.session?.user.email ?? 'visitor';
  const scenarioLabel = scenarios.find(({ id }) => id === scenario)?.label ?? scenario;

  const choosePersona = async (key: Key | null) => {
    try {
      if (isRole(key)) await signIn(demoAccounts[key].email, demoAccounts[key].password);
      else if (key === 'visitor' && sessionState.status === 'signed-in') await signOut();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const chooseScenario = (key: Key | null) => {
    if (!isScenario(key)) return;
    controls.setScenario(key);
    setScenario(key);
    // every screen asks again, in the new scenario
    void queryClient.resetQueries();
  };

  return (
    <aside aria-label="QA mock mode" className={styles.panel}>
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
        onPress={() => setOpen((value) => !value)}
      >
        QA mock: {persona ?? sessionState.session?.role} · {scenarioLabel}
      </Button>
      {open ? (
        <div id={bodyId} className={styles.body}>
          <h2 className={styles.heading}>QA mock mode</h2>
          <p className={styles.note}>
            Mocked APIs in the browser, no server. Signed in as: {who}. Data is kept for this tab.
          </p>
          <Select
            label="Persona"
            options={[...personas]}
            selectedKey={persona}
            placeholder="Another account"
            onSelectionChange={(key) => void choosePersona(key)}
            isDisabled={sessionState.status === 'loading'}
          />
          <Select
            label="Scenario"
            options={[...scenarios]}
            selectedKey={scenario}
            onSelectionChange={chooseScenario}
          />
          {controls.deals ? <DealsSection deals={controls.deals} /> : null}
          <Button variant="secondary" onPress={controls.reset}>
            Reset mock data
          </Button>
        </div>
      ) : null}
    </aside>
  );
}
