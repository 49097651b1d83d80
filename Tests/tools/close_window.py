#!/usr/bin/python3
"""Closes a toplevel X window the way a window manager does: a WM_DELETE_WINDOW client message.

Usage: close_window.py WINDOW_ID (on $DISPLAY). Under a bare Xvfb there is no window manager to
click the close button, and destroying the X window from outside makes GDK abort on the next X
error; this is what the window manager would send (ExampleProcessTests; docs/testing.md)."""
import ctypes
import sys

x11 = ctypes.CDLL("libX11.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XInternAtom.restype = ctypes.c_ulong
x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
x11.XFlush.argtypes = [ctypes.c_void_p]
x11.XCloseDisplay.argtypes = [ctypes.c_void_p]


class ClientMessage(ctypes.Structure):
    """XClientMessageEvent, padded to the size of an XEvent (24 longs)."""
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5), ("pad", ctypes.c_long * 12)]


CLIENT_MESSAGE = 33

display = x11.XOpenDisplay(None)
if not display:
    sys.exit("cannot open the display")
event = ClientMessage()
event.type = CLIENT_MESSAGE
event.window = int(sys.argv[1], 0)
event.message_type = x11.XInternAtom(display, b"WM_PROTOCOLS", 0)
event.format = 32
event.data[0] = x11.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
event.data[1] = 0  # CurrentTime
if not x11.XSendEvent(display, event.window, 0, 0, ctypes.byref(event)):
    sys.exit("XSendEvent failed")
x11.XFlush(display)
x11.XCloseDisplay(display)
