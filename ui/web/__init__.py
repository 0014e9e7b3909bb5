"""Serving: the HTTP server, its guards, the web client's delivery, and the page router that puts
each address's screen in front of a device."""
