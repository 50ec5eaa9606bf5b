/* Web Push handlers of the service worker (push, notificationclick): filled in by the push work of issue 18. */
