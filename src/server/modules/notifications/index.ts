// What other modules may use of notifications: telling a user something, in the change's transaction.
export { notificationSettings, notify, type NotifyInput, NOTICE_CHANNEL, purgeReadNotifications, readNoticeOf, saveNotificationSettings } from './service';
export { type StaySides, tellSide } from './stay-sides';
export { type ChannelSenders, DELIVERY_POLICY, deliverDue, givenUpDeliveries, requeueDelivery, startDeliveryWorker } from './deliveries';
export { createPushSender } from './push';
