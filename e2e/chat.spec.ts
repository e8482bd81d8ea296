import { deflateSync } from 'node:zlib';
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { openMenu } from './fixtures';
import {
  PASSWORD as CLIENT_PASSWORD,
  call,
  createClient,
  expectNoSeriousViolations,
  type Session,
  useSession,
} from './purchase-fixtures';
import {
  createHelpRequestThroughApi,
  listPublicIntermediaries,
  STAFF,
  signInStaffThroughApi,
} from './staff-fixtures';

const LIVE = { timeout: 20_000 };

interface ListedNotification {
  kind: string;
  body: string;
  link: string | null;
}

async function openAs(browser: Browser, session: Session, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useSession(page, session);
  await page.goto(path);
  return page;
}

const connected = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible(LIVE);

/** A phone photo: noisy, so it weighs what a real one does and its upload shows progress. */
async function damagePhoto() {
  return {
    name: 'bumper-damage.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer(),
  };
}

/**
 * A decompression bomb: a valid one-bit PNG of 16,000 × 16,000 white pixels, a few kilobytes that
 * would decode to 256 megapixels (CRCs left zero: the server reads the header and goes no further).
 */
function pixelBomb() {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const side = 16_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + side / 8, 0xff);
  row[0] = 0;
  return {
    name: 'huge-scan.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: side }, () => row)))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  };
}

test.describe('chats', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client and a broker chat in real time, in two browsers', async ({ browser, page, request }) => {
    const client = await createClient(request);
    const broker = await signInStaffThroughApi(request, STAFF.savannahBroker);
    const savannah = (await listPublicIntermediaries(request)).find(
      (firm) => firm.intermediaryNames === 'Savannah Insurance Brokers',
    )!;

    // The client opens the chat from the firm's page.
    await useSession(page, client.session);
    await page.goto(`/newportal/intermediaries/${savannah.id}`);
    await page.getByRole('link', { name: 'Chat', exact: true }).click();
    await expect(page).toHaveURL(/\/newportal\/chats\/\d+$/, LIVE);
    await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Savannah Insurance Brokers' })).toBeVisible(
      LIVE,
    );
    await connected(page);
    await expectNoSeriousViolations(page, 'portal chat');

    // The broker has the staff chats open in another browser.
    const brokerPage = await openAs(browser, broker, '/staff/chats');
    await expect(brokerPage.getByRole('heading', { level: 1, name: 'Chats with clients' })).toBeVisible(LIVE);
    await connected(brokerPage);

    await page
      .getByLabel('Message', { exact: true })
      .fill('Habari! Does comprehensive cover include windscreen?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const clientLog = page.getByRole('log');
    await expect(clientLog.getByText('Habari! Does comprehensive cover include windscreen?')).toBeVisible();

    // It reaches the broker without a reload: the list shows it unread, the thread shows it.
    const clientName = `${client.session.user.names.firstName} ${client.session.user.names.lastName}`;
    const entry = brokerPage.getByRole('link', { name: new RegExp(clientName) }).first();
    await expect(entry).toContainText('1 unread', LIVE);
    await entry.click();
    const brokerLog = brokerPage.getByRole('log');
    await expect(brokerLog.getByText('Habari! Does comprehensive cover include windscreen?')).toBeVisible(
      LIVE,
    );
    await expectNoSeriousViolations(brokerPage, 'staff chat');

    // The broker opened it: the client's message reads Read.
    await expect(clientLog.getByText('Read')).toBeVisible(LIVE);

    await brokerPage.getByLabel('Message', { exact: true }).fill('Yes, up to KES 50,000 without excess.');
    await brokerPage.getByLabel('Message', { exact: true }).press('Enter');
    await expect(clientLog.getByText('Yes, up to KES 50,000 without excess.')).toBeVisible(LIVE);
    await brokerPage.context().close();
  });

  test('a chat open on another device ends at once when the client signs out of other devices @phone', async ({
    browser,
    page,
    request,
  }) => {
    const client = await createClient(request);
    // The same client on a second device (a session of its own) with the chats open.
    const laptop = await call<Session>(request, ['user', 'auth', 'login'], {
      username: client.email,
      password: CLIENT_PASSWORD,
      loginDevice: {},
    });
    const other = await openAs(browser, laptop, '/newportal/chats');
    await connected(other);

    await useSession(page, client.session);
    await page.goto('/newportal/profile');
    const devices = page.getByRole('region', { name: 'Other devices' });
    await devices.getByRole('button', { name: 'Sign out of other devices' }).click();
    await expect(page.getByText('Other devices signed out')).toBeVisible();

    // Nothing is clicked there: its socket was closed by the server, and the device goes to sign in.
    await expect(other).toHaveURL(/\/insurance\/auth$/, LIVE);
    await other.context().close();
  });

  test('a message to someone with no chat open becomes a notification', async ({ page, request }) => {
    const client = await createClient(request);
    const admin = await signInStaffThroughApi(request, STAFF.admin);
    // The client writes to support, then leaves.
    const conversation = await call<{ id: number }>(
      request,
      ['chat', 'conversation', 'startConversation'],
      { with: 'support' },
      client.session.accessToken,
    );
    await call(
      request,
      ['chat', 'message', 'sendMessage'],
      { conversationId: conversation.id, body: 'My policy schedule has the wrong registration.' },
      client.session.accessToken,
    );

    // Support answers in the staff area while the client has no chat open.
    await useSession(page, admin);
    await page.goto(`/staff/chats/${conversation.id}`);
    await connected(page);
    await expect(
      page.getByRole('log').getByText('My policy schedule has the wrong registration.'),
    ).toBeVisible(LIVE);
    await page
      .getByLabel('Message', { exact: true })
      .fill('We have corrected it: download the schedule again.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('log').getByText('Sent', { exact: false }).last()).toBeVisible(LIVE);

    // The client's notification centre has it (platform / notification / listNotifications).
    await expect
      .poll(async () => {
        const page1 = await call<{ items: ListedNotification[] }>(
          request,
          ['platform', 'notification', 'listNotifications'],
          { page: 1, pageSize: 20 },
          client.session.accessToken,
        );
        return page1.items.find((row) => row.kind === 'chat_message') ?? null;
      }, LIVE)
      .toMatchObject({
        body: 'We have corrected it: download the schedule again.',
        link: `/newportal/chats/${conversation.id}`,
      });
  });

  test('a broker opens a chat with the client from a help request', async ({ page, request }) => {
    const client = await createClient(request);
    const broker = await signInStaffThroughApi(request, STAFF.savannahBroker);
    const { requestSystemRef } = await createHelpRequestThroughApi(
      request,
      client.session,
      'Savannah Insurance Brokers',
    );
    const inbox = await call<{ items: { id: number; requestSystemRef: string }[] }>(
      request,
      ['intermediary', 'request', 'listRequests'],
      { page: 1, pageSize: 50 },
      broker.accessToken,
    );
    const row = inbox.items.find((item) => item.requestSystemRef === requestSystemRef)!;

    await useSession(page, broker);
    await page.goto(`/staff/requests/${row.id}`);
    await page.getByRole('button', { name: 'Chat with the client' }).click();
    await expect(page).toHaveURL(/\/staff\/chats\/\d+$/, LIVE);
    await expect(page.getByText(`About: Help request ${requestSystemRef}`)).toBeVisible(LIVE);
    await connected(page);
    await page.getByLabel('Message', { exact: true }).fill('I am preparing your quote; which cover period?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(
      page.getByRole('log').getByText('I am preparing your quote; which cover period?'),
    ).toBeVisible();

    const theirs = await call<{ items: { title: string; unreadCount: number }[] }>(
      request,
      ['chat', 'conversation', 'listConversations'],
      { page: 1, pageSize: 10 },
      client.session.accessToken,
    );
    expect(theirs.items[0]).toMatchObject({ title: 'Savannah Insurance Brokers', unreadCount: 1 });
  });

  test('the chat screens have no serious or critical violations @phone', async ({ page, request }) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await page.goto('/newportal/chats');
    await expect(page.getByText('No conversations yet.')).toBeVisible(LIVE);
    await expectNoSeriousViolations(page, 'empty chats');
    await page.getByRole('button', { name: 'Chat with support' }).click();
    await expect(page).toHaveURL(/\/newportal\/chats\/\d+$/, LIVE);
    await expect(page.getByRole('heading', { level: 2, name: 'Bima Portal support' })).toBeVisible(LIVE);
    const message = page.getByLabel('Message', { exact: true });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Type a message or attach a file.')).toBeVisible();
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    // Files the server would refuse are refused before sending, with the reason.
    const attach = page.getByLabel('Attach photos or documents');
    await attach.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Only photos (JPEG, PNG, WebP) and PDF documents can be uploaded.' }),
    ).toBeVisible();
    await attach.setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'The file is larger than 10 MB.' })).toBeVisible();
    await expectNoSeriousViolations(page, 'refused attachments');
    await page.getByRole('button', { name: 'Remove notes.txt' }).click();
    await page.getByRole('button', { name: 'Remove scan.pdf' }).click();
    await message.fill('Hello support');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('log').getByText('Hello support')).toBeVisible(LIVE);
    await expectNoSeriousViolations(page, 'support chat');
  });

  test('a client sends a photo, the broker sees it live and opens it; the Chats badges follow', async ({
    browser,
    page,
    request,
  }) => {
    const client = await createClient(request);
    const broker = await signInStaffThroughApi(request, STAFF.savannahBroker);
    const savannah = (await listPublicIntermediaries(request)).find(
      (firm) => firm.intermediaryNames === 'Savannah Insurance Brokers',
    )!;
    const conversation = await call<{ id: number }>(
      request,
      ['chat', 'conversation', 'startConversation'],
      { with: 'intermediary', intermediaryId: savannah.id },
      client.session.accessToken,
    );

    await useSession(page, client.session);
    await page.goto(`/newportal/chats/${conversation.id}`);
    await connected(page);
    const brokerPage = await openAs(browser, broker, '/staff/chats');
    await connected(brokerPage);
    const staffNav = brokerPage.getByRole('navigation', { name: 'Staff area' });

    // The client attaches a photo: its progress bar fills, then it goes with the message.
    const photo = await damagePhoto();
    await page.getByLabel('Attach photos or documents').setInputFiles(photo);
    await expect(page.getByRole('progressbar', { name: `Upload progress of ${photo.name}` })).toBeVisible();
    const item = page.getByRole('list', { name: 'Files being uploaded' }).getByRole('listitem');
    await expect(item).toContainText('Uploaded', LIVE);
    await expect(item.getByRole('progressbar')).toHaveAttribute('value', '100');
    await page.getByLabel('Message', { exact: true }).fill('Here is the damage to the bumper.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const clientLog = page.getByRole('log');
    await expect(clientLog.getByRole('link', { name: /^bumper-damage\.jpg \(.+ KB\)/ })).toBeVisible(LIVE);
    // Sent: the composer is empty again.
    await expect(page.getByRole('list', { name: 'Files being uploaded' })).toHaveCount(0);

    // The broker: the Chats badge and the list show it unread, without a reload.
    await expect(staffNav.getByRole('link', { name: /^Chats, \d+ unread$/ })).toBeVisible(LIVE);
    const clientName = `${client.session.user.names.firstName} ${client.session.user.names.lastName}`;
    const entry = brokerPage.getByRole('link', { name: new RegExp(clientName) }).first();
    await expect(entry).toContainText('1 unread', LIVE);
    await entry.click();
    const brokerLog = brokerPage.getByRole('log');
    await expect(brokerLog.getByText('Here is the damage to the bumper.')).toBeVisible(LIVE);
    const link = brokerLog.getByRole('link', { name: /^bumper-damage\.jpg/ });
    await expect(link).toBeVisible();
    await expectNoSeriousViolations(brokerPage, 'staff chat with an attachment');

    // The broker opens it: the photo, through a link signed for the broker.
    const [opened] = await Promise.all([brokerPage.context().waitForEvent('page'), link.click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toMatch(/\/v2\/api\/files\/[^/]+$/);
    const download = await brokerPage.request.get(opened.url());
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('image/jpeg');
    await opened.close();
    // Someone else holding the address gets nothing from another account's session: the link is the
    // broker's alone, and the client's own link is a different one.
    const clientHref = await clientLog
      .getByRole('link', { name: /^bumper-damage\.jpg/ })
      .getAttribute('href');
    expect(clientHref).not.toBe(await link.getAttribute('href'));

    // Away from the chat, the client's Chats entry counts the broker's answer live, and clears once read.
    await page.goto('/newportal/products');
    const menu = page.getByRole('navigation', { name: 'Client portal' });
    await expect(menu.getByRole('link', { name: 'Chats', exact: true })).toBeVisible(LIVE);
    await brokerPage.getByLabel('Message', { exact: true }).fill('Thank you, an assessor will call you.');
    await brokerPage.getByRole('button', { name: 'Send', exact: true }).click();
    const badge = menu.getByRole('link', { name: 'Chats, 1 unread' });
    await expect(badge).toBeVisible(LIVE);
    await expectNoSeriousViolations(page, 'portal menu with unread chats');
    // The dashboard's Chats card (what phones see, the side menu being hidden there) counts it too.
    await page.goto('/newportal');
    await expect(page.getByRole('link', { name: /^Chats,? 1 unread/ })).toHaveCount(2, LIVE);
    await badge.click();
    await page
      .getByRole('link', { name: /Savannah Insurance Brokers/ })
      .first()
      .click();
    await expect(page.getByRole('log').getByText('Thank you, an assessor will call you.')).toBeVisible(LIVE);
    await expect(menu.getByRole('link', { name: 'Chats', exact: true })).toBeVisible(LIVE);
    await brokerPage.context().close();
  });

  test('a photo with too many pixels is refused with the reason; a file link dies with sign-out @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await page.goto('/newportal/chats');
    await page.getByRole('button', { name: 'Chat with support' }).click();
    await expect(page).toHaveURL(/\/newportal\/chats\/\d+$/, LIVE);
    await connected(page);

    // The server reads the photo's size from its header and refuses it; the reason shows on the file.
    const attach = page.getByLabel('Attach photos or documents');
    await attach.setInputFiles(pixelBomb());
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'This photo has too many pixels to process (at most 40 megapixels). Choose a smaller photo or a lower resolution.',
      }),
    ).toBeVisible(LIVE);
    await expectNoSeriousViolations(page, 'a photo refused for its pixels');
    await page.getByRole('button', { name: 'Remove huge-scan.png' }).click();

    // A document goes; its link opens it while the session lasts.
    await attach.setInputFiles({
      name: 'police-abstract.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    const item = page.getByRole('list', { name: 'Files being uploaded' }).getByRole('listitem');
    await expect(item).toContainText('Uploaded', LIVE);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const link = page.getByRole('log').getByRole('link', { name: /^police-abstract\.pdf/ });
    await expect(link).toBeVisible(LIVE);
    const href = (await link.getAttribute('href'))!;
    expect((await request.get(href)).status()).toBe(200);

    // Signed out, the same address no longer serves the file, to anyone.
    await openMenu(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/, LIVE);
    const after = await request.get(href);
    expect(after.status()).toBe(403);
    expect((await after.json()).err_msg).toBe('This download link has expired.');
  });
});
