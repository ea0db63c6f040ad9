from .interrupts import early, launch

early()  # the stop signals handled from here


def _command():
    from .cli import main  # start-up: the command's imports, once the handlers are in
    return main


launch("xcc", _command)
