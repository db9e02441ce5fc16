import type { Application, MenuItem, Message } from '@der/contracts';

export function buildApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: 1,
    name: 'AET',
    iconName: 'local_shipping',
    isFontAwesomeIcon: false,
    imageContent: '',
    displayOnToolbar: false,
    urlBehavior: false,
    urlLink: '',
    appVersion: '1.0',
    collapsedMenu: false,
    htmlScripts: '',
    ...overrides,
  };
}

export function buildMenuItem(key: string, overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    key,
    keyParent: null,
    name: key,
    link: '',
    icon: '',
    isFontAwesome: false,
    imageContent: '',
    badge: null,
    title: false,
    child: [],
    multilevel: false,
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 1,
    title: 'Aviso',
    messageText: 'Texto do aviso',
    creationDate: new Date(Date.now() - 3 * 86_400_000 - 5000).toISOString(),
    readed: false,
    ...overrides,
  };
}
