export type { components, operations, paths } from './generated/schema';
export { ApiError, createApiClient, unwrap, type ApiClientOptions, type ErrorBody } from './client';
export { PHONE_CONFIRMATION_SECONDS, phoneRefusals, type PhoneRefusal } from './seller-phones';
export { checkedAgo, deviceWords, IMEI_CHECK_REPORTER, imeiRefusals, modelWords } from './phone-truth';
export {
  compareModel,
  learnedModel,
  modelName,
  shippedTac,
  tacOf,
  type ModelOutcome,
  type TacRow,
} from './tac';
export {
  conflicted,
  learnableModel,
  notCounted,
  sameModel,
  TAC_LEARNING_ACCOUNT_DAYS,
  TAC_LEARNING_PAIRS,
  type NotCounted,
  type WitnessedModel,
} from './tac-learning';
export {
  actsFor,
  MAX_OPEN_BOOKINGS,
  RECENT_SIGN_IN_SECONDS,
  SECOND_FACTOR_REQUIRED,
  sameEmail,
  SEARCH_RESULT_CAP,
  searchWords,
  seesSellerNumber,
  withoutSellerNumber,
} from './rules';
export { brandNames, brands } from './brands';
export { webLinks, type WebLink } from './links';
export { toCents, toDollars } from './money';
export {
  comparedWords,
  historyMonths,
  listingModelKey,
  percentile,
  PRICE_GUIDE_HISTORY_MONTHS,
  PRICE_GUIDE_MIN_DEALS,
  PRICE_GUIDE_WINDOW_DAYS,
  priceFigures,
  rangeWords,
  titleModelKey,
} from './price-guide';
export { CONDITIONS, GRADES, gradeOf, gradeProblem, gradeWords, type Grade } from './grades';
export { LIVE_KEEP_ALIVE_MS } from './live';
export {
  MESSAGE_PICTURES_MAX,
  MESSAGE_PREVIEW_MAX,
  MESSAGE_REFUSALS,
  MESSAGE_TEXT_MAX,
  type MessageRefusal,
  SAFETY_ADVICE,
  SAFETY_FINDING_TEXT,
  type SafetyFinding,
  sendRefusal,
} from './messages';
export {
  buyerCheckOf,
  buyerCheckRefusals,
  canMove,
  codeShown,
  DEAL_TRANSITIONS,
  movesFrom,
  dealRefusals,
  DEFAULT_HOLD_WINDOW_HOURS,
  safeDealWords,
  HANDOVER_ATTEMPTS,
  HANDOVER_LOCKED_TEXT,
  IMEI_CHECK_ATTEMPTS,
  IMEI_CHECK_LOCKED_TEXT,
  imeiNotMatchedText,
  type BuyerCheckFacts,
  MAX_HOLD_WINDOW_HOURS,
  type DealEnding,
  type DealRefusal,
} from './deal-rules';
export {
  NEW_SELLER_BELOW,
  ratingWords,
  REVIEW_STARS_MAX,
  REVIEW_STARS_MIN,
  REVIEW_TEXT_MAX,
  REVIEW_WINDOW_DAYS,
  REVIEW_WINDOW_MS,
  reviewRefusals,
  reviewWindowClosesAt,
} from './reviews';
export {
  areaOf,
  AREAS,
  distanceKm,
  hoursRefusal,
  hoursText,
  icsFold,
  icsText,
  LATITUDE_RANGE,
  localTime,
  LONGITUDE_RANGE,
  meetingPoint,
  meetupCalendar,
  MEETUP_MAX_DAYS_AHEAD,
  MEETUP_MINUTES,
  MEETUP_REMINDER_HOURS,
  MEETUP_SPOT_KINDS,
  MEETUP_SUGGESTIONS,
  MEETUP_TIME_ZONE,
  MEETUP_UTC_OFFSET_MINUTES,
  meetupRefusals,
  meetupTimeRefusal,
  midpoint,
  nearestSpots,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Area,
  type AreaId,
  type BookingMeetup,
  type MeetupSpot,
  type MeetupSpotKind,
  type NewMeetupSpot,
  type OpeningHours,
  type Point,
  type Weekday,
} from './meetup';
export {
  acceptedHoldExpiresAt,
  belowFloor,
  canOfferMove,
  counterRefusal,
  isOpenOffer,
  lowestOffer,
  OFFER_RULES,
  OFFER_TRANSITIONS,
  offerExpiresAt,
  offerMovesFrom,
  offerRefusal,
  offerRefusals,
  offersLeft,
  offerWords,
  OPEN_OFFER_STATUSES,
  type OfferRefusal,
} from './offer-rules';
export {
  CLAIM_RULES,
  canEarningMove,
  claimKindWords,
  claimRefusals,
  claimWindowEnds,
  claimWindowWords,
  EARNING_TRANSITIONS,
  earningMovesFrom,
  earningWords,
  LOCAL_PAYOUT_ACCOUNTS,
  PAYOUT_RULES,
  payoutAccountWords,
  payoutRefusals,
  type PayoutRefusal,
} from './payout-rules';
export { BIDI_CONTROLS, MAX_BODY_DEPTH, plainText, plainTextWithin } from './text';

import type { components } from './generated/schema';
type Schemas = components['schemas'];
export type Mobile = Schemas['Mobile'];
export type PublicMobile = Schemas['PublicMobile'];
export type PublicMobilePage = Schemas['PublicMobilePage'];
export type NewMobile = Schemas['NewMobile'];
export type MobileUpdate = Schemas['MobileUpdate'];
export type Advertised = Schemas['Advertised'];
export type Booking = Schemas['Booking'];
export type Offer = Schemas['Offer'];
export type OfferStatus = Schemas['OfferStatus'];
export type OfferPage = Schemas['OfferPage'];
export type Earning = Schemas['Earning'];
export type EarningStatus = Schemas['EarningStatus'];
export type SellerEarnings = Schemas['SellerEarnings'];
export type PayoutAccount = Schemas['PayoutAccount'];
export type PayoutAccountStatus = Schemas['PayoutAccountStatus'];
export type Payout = Schemas['Payout'];
export type PayoutPage = Schemas['PayoutPage'];
export type Claim = Schemas['Claim'];
export type ClaimKind = Schemas['ClaimKind'];
export type ClaimPage = Schemas['ClaimPage'];
export type DealStatus = Schemas['DealStatus'];
export type ErrorCode = Schemas['ErrorCode'];
export type WishlistItem = Schemas['WishlistItem'];
export type Report = Schemas['Report'];
export type User = Schemas['User'];
export type Role = Schemas['Role'];
export type Blog = Schemas['Blog'];
export type BlogPage = Schemas['BlogPage'];
export type Category = Schemas['Category'];
export type Conversation = Schemas['Conversation'];
export type Message = Schemas['Message'];
export type MessagePage = Schemas['MessagePage'];
export type LiveEvent = Schemas['LiveEvent'];
export type Review = Schemas['Review'];
export type ReviewPage = Schemas['ReviewPage'];
export type DealReviews = Schemas['DealReviews'];
export type ReportedReview = Schemas['ReportedReview'];
export type ReportedReviewPage = Schemas['ReportedReviewPage'];
export type SellerProfile = Schemas['SellerProfile'];
export type BuyerRecord = Schemas['BuyerRecord'];
export type Rating = Schemas['Rating'];
export type HandoverEvidence = Schemas['HandoverEvidence'];
export type BuyerCheck = Schemas['BuyerCheck'];
export type CategoryId = Schemas['CategoryId'];
export type Notification = Schemas['Notification'];
export type NotificationPreferences = Schemas['NotificationPreferences'];
export type NotificationPreferencesUpdate = Schemas['NotificationPreferencesUpdate'];
export type UnsubscribeLink = Schemas['UnsubscribeLink'];
export type CaughtMail = Schemas['CaughtMail'];
export type CaughtMailSummary = Schemas['CaughtMailSummary'];
export type PriceGuide = Schemas['PriceGuide'];
export type PriceRange = Schemas['PriceRange'];
export type PriceMonth = Schemas['PriceMonth'];
export {
  applyPreferences,
  DEFAULT_EMAIL_PREFERENCES,
  isOptionalEmail,
  MESSAGE_DIGEST_MINUTES,
  MESSAGE_EMAIL_CHOICES,
  messageDigestText,
  HOLD_EXPIRING_WARNING_HOURS,
  NOTIFICATION_ACTION,
  NOTIFICATION_PREFERENCE,
  notificationText,
  OPTIONAL_EMAILS,
  type EmailPreference,
  type MessageEmail,
  type NotificationKind,
  type NotificationSide,
  type ReportOutcome,
  type OptionalEmail,
} from './notifications';
