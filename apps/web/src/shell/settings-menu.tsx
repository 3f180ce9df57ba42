import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CaseSensitive,
  LogIn,
  LogOut,
  Moon,
  Settings,
  SlidersHorizontal,
  Sun,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { routeById } from '../app/route-table';
import { MasterWalletDialog } from '../features/master-wallet/master-wallet-dialog';
import { logout } from '../features/session/session-api';
import { sessionQueryKey } from '../features/session/session-api';
import {
  toggleTextCase,
  toggleTheme,
  useDisplayPreferences,
} from '../features/preferences/display-preferences-store';
import { Menu, MenuItem, MenuSeparator } from '../ui/menu';
import { useToast } from '../ui/toast';

/**
 * The settings menu of spec 1 §2. Items join it as their features land (columns, inbox, units,
 * close banner, close history, preferences); master wallet, settings, theme, text case and
 * sign-in/out are here now.
 */
export function SettingsMenu({ signedIn }: { readonly signedIn: boolean }) {
  const preferences = useDisplayPreferences();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [masterWalletOpen, setMasterWalletOpen] = useState(false);
  const settings = routeById('settings');
  const signOut = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(sessionQueryKey, null);
      void navigate('/login');
    },
    onError: (error) =>
      toast.show({ title: 'Could not log out', description: error.message, severity: 'error' }),
  });

  return (
    <>
      <Menu
        label="Settings menu"
        align="end"
        trigger={
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-md text-fg-muted hover:bg-surface-sunken hover:text-fg"
          >
            <Settings className="size-5" aria-hidden />
          </button>
        }
      >
        {signedIn ? (
          <>
            <MenuItem
              onSelect={() => setMasterWalletOpen(true)}
              icon={<Wallet className="size-4" />}
            >
              Master wallet
            </MenuItem>
            {settings.landed ? (
              <MenuItem
                onSelect={() => void navigate(settings.path)}
                icon={<SlidersHorizontal className="size-4" />}
              >
                Settings
              </MenuItem>
            ) : null}
            <MenuSeparator />
          </>
        ) : null}
        <MenuItem
          onSelect={toggleTheme}
          icon={
            preferences.theme === 'dark' ? <Sun className="size-4" /> : <Moon className="size-4" />
          }
        >
          {preferences.theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        </MenuItem>
        <MenuItem onSelect={toggleTextCase} icon={<CaseSensitive className="size-4" />}>
          {preferences.textCase === 'upper' ? 'Use normal text case' : 'Use uppercase text'}
        </MenuItem>
        <MenuSeparator />
        {signedIn ? (
          <MenuItem
            onSelect={() => signOut.mutate()}
            icon={<LogOut className="size-4" />}
            disabled={signOut.isPending}
          >
            Logout
          </MenuItem>
        ) : (
          <MenuItem onSelect={() => void navigate('/login')} icon={<LogIn className="size-4" />}>
            Login
          </MenuItem>
        )}
      </Menu>
      {signedIn ? (
        <MasterWalletDialog open={masterWalletOpen} onOpenChange={setMasterWalletOpen} />
      ) : null}
    </>
  );
}
