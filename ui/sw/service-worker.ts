/// <reference lib="webworker" />
import { installApiCache } from './api-cache';
import { installAppShell } from './app-shell';
import { installOutboxSync } from './outbox-sync';
import { installPushHandlers } from './push';

declare const self: ServiceWorkerGlobalScope;

// Each part adds its own listeners and routes; one line each, in any order.
installAppShell(self);
installApiCache(self);
installOutboxSync(self);
installPushHandlers(self);
