import { describe, it } from 'vitest';
import {
  adminAccountsDecider,
  type AdminAccountCommand,
  type AdminAccountEvent,
} from '../../domain/admins/admins';
import { specFor } from '../support/given-when-then';

const given = specFor(adminAccountsDecider);
const at = new Date('2026-11-23T15:00:00Z');
const iso = at.toISOString();
const configured = 'admin';
const add = (username: string, by = configured): AdminAccountCommand => ({
  type: 'AddAdmin',
  username,
  passwordHash: 'scrypt$hash',
  configured,
  by,
  at,
});
const remove = (username: string, by = configured): AdminAccountCommand => ({
  type: 'RemoveAdmin',
  username,
  configured,
  by,
  at,
});
const added = (username: string, by = configured): AdminAccountEvent => ({
  type: 'AdminAdded',
  data: { username, passwordHash: 'scrypt$hash', by, at: iso },
});
const removed = (username: string, by = configured): AdminAccountEvent => ({
  type: 'AdminRemoved',
  data: { username, by, at: iso },
});

describe('named admins', () => {
  it('an admin adds another, named in the event', () => {
    given([])
      .when(add('grace'))
      .then([added('grace')]);
  });

  it('refuses a taken or malformed name', () => {
    given([]).when(add('admin')).thenFails('conflict', 'admin is an admin already.');
    given([added('grace')])
      .when(add('grace'))
      .thenFails('conflict');
    given([]).when(add('no spaces please')).thenFails('invalid');
    given([]).when(add('ab')).thenFails('invalid');
  });

  it('an admin removes another, even the configured one', () => {
    given([added('grace')])
      .when(remove('grace'))
      .then([removed('grace')]);
    given([added('grace')])
      .when(remove('admin', 'grace'))
      .then([removed('admin', 'grace')]);
  });

  it('refuses removing yourself, the last admin, or someone who is not an admin', () => {
    given([added('grace')])
      .when(remove('admin'))
      .thenFails('conflict', 'You cannot remove yourself.');
    given([added('grace'), removed('admin', 'grace')])
      .when(remove('grace', 'admin'))
      .thenFails('conflict', 'The last admin cannot be removed.');
    given([]).when(remove('nobody')).thenFails('not_found');
    given([added('grace'), removed('admin', 'grace')])
      .when(remove('grace', 'grace'))
      .thenFails('conflict');
  });

  it('a removed admin may be added again', () => {
    given([added('grace'), removed('grace')])
      .when(add('grace'))
      .then([added('grace')]);
  });
});
