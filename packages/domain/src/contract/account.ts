import { z } from 'zod';
import {
  CLIENT_TYPES,
  checkPasswordSetupSchema,
  createUserSchema,
  forgotPasswordRequestSchema,
  forgotPasswordValidationSchema,
  loginSchema,
  refreshSchema,
  registrationValidationSchema,
  requestPasswordSetupLinkSchema,
  resendRegistrationCodeSchema,
  resendResetCodeSchema,
  resetPasswordSchema,
  setPasswordSchema,
  setUpPasswordSchema,
  setUserLanguageSchema,
  USER_LANGUAGES,
} from '../account';
import {
  attachmentLinkSchema,
  CONVERSATION_KINDS,
  listConversationsSchema,
  listMessagesSchema,
  markReadSchema,
  sendMessageSchema,
  startConversationSchema,
  startWithClientSchema,
} from '../chat';
import { USER_ROLES } from '../gateway-contract';
import {
  listNotificationsSchema,
  markNotificationReadSchema,
  NOTIFICATION_KINDS,
  updateNotificationPreferencesSchema,
} from '../notifications';
import { CONSENT_PURPOSES, closeAccountSchema, ERASURE_REFUSALS, setConsentSchema } from '../privacy';
import {
  changePasswordSchema,
  confirmChangeSchema,
  ID_TYPES,
  kycSchema,
  requestEmailChangeSchema,
  requestPhoneChangeSchema,
  updateNamesSchema,
} from '../profile';
import { type Contract, contract, pageOf, timestamp } from './define';

// ————— Accounts: sign-up, sign-in, codes, resets —————

/** The public view of a user (never the password hash), in every sign-in answer. */
export const accountUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  names: z.object({ firstName: z.string(), lastName: z.string() }),
  /** client | intermediary | underwriter | admin | lender */
  role: z.string(),
  /** PENDING (sign-up) | INVITED (staff) | ACTIVE | DISABLED */
  status: z.string(),
  intermediaryId: z.int().nullable(),
  underwriterId: z.string().nullable(),
});

/** The answer of every sign-in (`login`, `refreshToken`, a first password): the user and a token pair. */
export const sessionSchema = z.object({
  user: accountUserSchema,
  role: z.enum(USER_ROLES),
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds the access token lives. */
  expiresIn: z.int(),
});

/**
 * A first password set from a link or an invitation: signed in (a session), or — a staff user whose
 * firm is not ACTIVE yet — not, with the reason.
 */
export const firstPasswordSchema = z.discriminatedUnion('signedIn', [
  sessionSchema.extend({ signedIn: z.literal(true) }),
  z.object({ signedIn: z.literal(false), message: z.string(), user: accountUserSchema, role: z.string() }),
]);

const PASSWORD_SETUP_STATES = ['valid', 'used', 'expired', 'invalid'] as const;

/** A code was sent (or, past its limits, quietly not). */
const sentSchema = z.object({ sent: z.boolean() });

// ————— The client's details, profile —————

/** An action that takes nothing (any fields are ignored). */
const noInput = () => z.object({}).passthrough();

/** The signed-in client's profile and KYC details (KRA PIN 'N/A' until given). */
export const clientDetailsSchema = z.object({
  id: z.string(),
  email: z.string(),
  names: z.object({ firstName: z.string(), lastName: z.string() }),
  kraPin: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  clientType: z.enum(CLIENT_TYPES).nullable(),
  /** ISO 3166-1 alpha-2. */
  nationality: z.string(),
  idType: z.enum(ID_TYPES).nullable(),
  idNumber: z.string().nullable(),
  updatedAt: timestamp(),
});

/** The editable User Profile. */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  names: z.object({ firstName: z.string(), lastName: z.string() }),
  /** The phone of record in E.164: the KYC phone, verified once its texted code was entered. */
  phone: z.string().nullable(),
  phoneVerifiedAt: timestamp().nullable(),
  role: z.string(),
  status: z.string(),
});

// ————— Privacy, the dashboard, notifications —————

/** A consent as the Privacy screen shows it; `at` and `channel` are null for one never asked. */
export const consentSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  granted: z.boolean(),
  /** The screen it was given or withdrawn on: privacy | kyc | assessment | sign-up. */
  channel: z.string().nullable(),
  wordingVersion: z.string(),
  at: timestamp().nullable(),
  /** The firm, for assessment sharing. */
  intermediaryId: z.int().nullable(),
  firmName: z.string().nullable(),
});

/** The Privacy screen: consents in force, their history (oldest first), account-closing requests. */
export const privacySchema = z.object({
  consents: z.array(consentSchema),
  history: z.array(consentSchema),
  requests: z.array(
    z.object({
      reference: z.string(),
      status: z.enum(['COMPLETED', 'REFUSED']),
      refusal: z.enum(ERASURE_REFUSALS).nullable(),
      /** Why it was refused, in words. */
      message: z.string().nullable(),
      requestedAt: timestamp(),
      completedAt: timestamp().nullable(),
    }),
  ),
});

/** One in-app notification. */
export const notificationSchema = z.object({
  id: z.int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  isRead: z.boolean(),
  readAt: timestamp().nullable(),
  createdAt: timestamp(),
});

/** Each notification kind of the caller's role with its e-mail and text message on or off (in-app is always on). */
const notificationPreferencesSchema = z.object({
  preferences: z.array(
    z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.boolean(), sms: z.boolean(), inApp: z.boolean() }),
  ),
});

// ————— Chats (the gateway actions; the chat socket's frames are `ChatServerFrame`) —————

/** A conversation as its lists show it to the caller. */
export const conversationSchema = z.object({
  id: z.int(),
  kind: z.enum(CONVERSATION_KINDS),
  topic: z.string().nullable(),
  intermediaryId: z.int().nullable(),
  /** Who the other side is, as the caller sees it. */
  title: z.string(),
  subtitle: z.string().nullable(),
  unreadCount: z.int(),
  lastMessage: z.string().nullable(),
  lastMessageAt: timestamp(),
});

/** The marks of one conversation: up to which message id each side has received and read. */
export const chatMarksSchema = z.object({
  conversationId: z.int(),
  clientDeliveredId: z.int(),
  clientReadId: z.int(),
  staffDeliveredId: z.int(),
  staffReadId: z.int(),
});

/** A message as a reader gets it (the socket's `ChatMessageView`). */
export const chatMessageSchema = z.object({
  id: z.int(),
  conversationId: z.int(),
  senderSide: z.enum(['client', 'staff']),
  senderName: z.string(),
  isMine: z.boolean(),
  body: z.string(),
  attachments: z.array(
    z.object({
      fileId: z.string(),
      name: z.string(),
      contentType: z.string(),
      /** Bytes, as stored. */
      size: z.int(),
      /** A download link signed for the reader (10 minutes). */
      url: z.string(),
    }),
  ),
  createdAt: timestamp(),
  /** The mark of one's own message; null on the other side's. */
  mark: z.enum(['sent', 'delivered', 'read']).nullable(),
  clientMessageId: z.string().nullable(),
});

/** Sign-up and sign-in, the client's account, profile, privacy, dashboard, notifications, chats. */
export const accountContracts = {
  'user/registration/createUser': contract(
    createUserSchema,
    z.string().meta({ description: 'registration id' }),
  ),
  'user/registration/resendRegistrationCode': contract(resendRegistrationCodeSchema, sentSchema),
  'user/registration/registrationValidation': contract(
    registrationValidationSchema,
    z.object({ registrationId: z.string(), email: z.string() }),
  ),
  'user/registration/setPassword': contract(setPasswordSchema, accountUserSchema.extend(sessionSchema.shape)),
  'user/auth/login': contract(loginSchema, sessionSchema),
  'user/auth/refreshToken': contract(refreshSchema, sessionSchema),
  'user/auth/forgotPasswordRequest': contract(
    forgotPasswordRequestSchema,
    z.object({ forgotPasswordSystemRef: z.string() }),
  ),
  'user/auth/resendForgotPasswordCode': contract(resendResetCodeSchema, sentSchema),
  'user/auth/forgotPasswordValidation': contract(
    forgotPasswordValidationSchema,
    z.object({ forgotPasswordSystemRef: z.string() }),
  ),
  'user/auth/resetPasswordRequest': contract(resetPasswordSchema, z.object({ reset: z.boolean() })),
  'user/profile/setLanguage': contract(setUserLanguageSchema, z.object({ language: z.enum(USER_LANGUAGES) })),
  'user/registration/checkPasswordSetup': contract(
    checkPasswordSetupSchema,
    z.object({
      state: z.enum(PASSWORD_SETUP_STATES),
      /** Where the person works once signed in (absent when the link is invalid). */
      area: z.enum(['staff', 'client']).optional(),
      /** Only when the link is valid or expired. */
      email: z.string().optional(),
      firstName: z.string().optional(),
    }),
  ),
  'user/registration/setUpPassword': contract(setUpPasswordSchema, firstPasswordSchema),
  'user/registration/requestPasswordSetupLink': contract(
    requestPasswordSetupLinkSchema,
    z.object({ sent: z.boolean(), state: z.enum(PASSWORD_SETUP_STATES) }),
  ),
  'client/registration/RegisterClient': contract(noInput(), clientDetailsSchema),
  'client/client/getClientDetails': contract(noInput(), clientDetailsSchema),
  'client/client/updateClient': contract(kycSchema, clientDetailsSchema),
  'client/logout/logout': contract(noInput(), z.object({ loggedOut: z.boolean() })),
  'client/profile/getProfile': contract(noInput(), profileSchema),
  'client/profile/updateNames': contract(updateNamesSchema, profileSchema),
  'client/profile/requestEmailChange': contract(
    requestEmailChangeSchema,
    z.object({ changeRef: z.string(), email: z.string() }),
  ),
  'client/profile/confirmEmailChange': contract(confirmChangeSchema, profileSchema),
  'client/profile/requestPhoneChange': contract(
    requestPhoneChangeSchema,
    z.object({ changeRef: z.string(), phone: z.string().meta({ description: 'E.164' }) }),
  ),
  'client/profile/confirmPhoneChange': contract(confirmChangeSchema, profileSchema),
  'client/profile/changePassword': contract(
    changePasswordSchema,
    z.object({ changed: z.boolean(), otherSessionsSignedOut: z.int() }),
  ),
  'client/profile/signOutOtherDevices': contract(noInput(), z.object({ otherSessionsSignedOut: z.int() })),
  'client/privacy/getPrivacy': contract(noInput(), privacySchema),
  'client/privacy/setConsent': contract(setConsentSchema, privacySchema),
  'client/privacy/closeAccount': contract(
    closeAccountSchema,
    z.object({ closed: z.boolean(), reference: z.string() }),
  ),
  'client/dashboard/getCounts': contract(
    z.object({}),
    z.object({
      activePolicies: z.int(),
      unpaidInvoices: z.int(),
      openClaims: z.int(),
      /** Conversations with messages not yet read. */
      unreadChats: z.int(),
      /** Loans with an amount due now. */
      loansDue: z.int(),
      quotations: z.int(),
      cartItems: z.int(),
      unreadNotifications: z.int(),
    }),
  ),
  'platform/notification/listNotifications': contract(
    listNotificationsSchema,
    pageOf(notificationSchema).extend({ unread: z.int() }),
  ),
  'platform/notification/getUnreadCount': contract(z.object({}), z.object({ unread: z.int() })),
  'platform/notification/markRead': contract(
    markNotificationReadSchema,
    z.object({ notification: notificationSchema, unread: z.int() }),
  ),
  'platform/notification/markAllRead': contract(z.object({}), z.object({ marked: z.int(), unread: z.int() })),
  'platform/notification/getPreferences': contract(z.object({}), notificationPreferencesSchema),
  'platform/notification/updatePreferences': contract(
    updateNotificationPreferencesSchema,
    notificationPreferencesSchema,
  ),
  'chat/conversation/listConversations': contract(
    listConversationsSchema,
    pageOf(conversationSchema).extend({ totalUnread: z.int() }),
  ),
  'chat/conversation/getUnreadCount': contract(
    z.object({}),
    z.object({
      /** Conversations with messages from the other side not yet read. */
      conversations: z.int(),
      /** Those messages, in all. */
      messages: z.int(),
    }),
  ),
  'chat/conversation/startConversation': contract(startConversationSchema, conversationSchema),
  'chat/conversation/startWithClient': contract(startWithClientSchema, conversationSchema),
  'chat/message/listMessages': contract(
    listMessagesSchema,
    z.object({
      conversationId: z.int(),
      /** Newest first; oldest first with `after`. */
      items: z.array(chatMessageSchema),
      hasMore: z.boolean(),
      /** The cursor of the next older page. */
      nextBefore: z.int().nullable(),
      marks: chatMarksSchema,
    }),
  ),
  'chat/message/sendMessage': contract(sendMessageSchema, chatMessageSchema),
  'chat/message/markRead': contract(markReadSchema, z.object({ marks: chatMarksSchema, moved: z.boolean() })),
  'chat/message/attachmentLink': contract(attachmentLinkSchema, z.object({ url: z.string() })),
} satisfies Record<string, Contract>;
