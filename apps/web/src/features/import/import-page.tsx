import { useState } from 'react';
import { useNavigate } from 'react-router';
import { routeById } from '../../app/route-table';
import { Tabs } from '../../ui/tabs';
import { PrivateKeysTab } from './private-keys-tab';
import { SeedPhraseTab } from './seed-phrase-tab';

type ImportTab = 'private-keys' | 'seed-phrase';

/**
 * `/` for a signed-in operator: Import Wallets (spec 1 §2), tabs Private Keys and Seed Phrase, each
 * input → review → success. Switching tabs unmounts the other tab; the Private Keys tab keeps its
 * paste and review in `privateKeysStore` (memory), so they come back with the tab and the page.
 */
export function ImportPage() {
  const [tab, setTab] = useState<ImportTab>('private-keys');
  const navigate = useNavigate();
  const wallets = routeById('wallets');
  /** Done goes to the wallet list once it exists; until then the tab simply starts over. */
  const onDone = () => {
    if (wallets.landed) void navigate(wallets.path);
  };
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-8">
      <h1 className="text-xl font-bold tracking-wider">Import Wallets</h1>
      <Tabs
        label="Import method"
        value={tab}
        onValueChange={(value) => setTab(value === 'seed-phrase' ? 'seed-phrase' : 'private-keys')}
        tabs={[
          {
            value: 'private-keys',
            label: 'Private Keys',
            content: <PrivateKeysTab onDone={onDone} />,
          },
          {
            value: 'seed-phrase',
            label: 'Seed Phrase',
            content: <SeedPhraseTab onDone={onDone} />,
          },
        ]}
      />
    </div>
  );
}
